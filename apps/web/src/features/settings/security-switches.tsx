import { Card, Stack, Title } from '@mantine/core';
import type { Access } from '@proxydesk/contract';
import { useSetTwoFactor } from './api/settings-calls';
import { ConfirmSwitch } from './confirm-switch';
import { useReauth } from './reauth';

/**
 * Two-Factor Authentication, confirmed in a modal (DESIGN.md §3): turning it on proves the code we e-mail
 * (issue #28), turning it off asks for the current password.
 */
export const SecuritySwitches = ({ access }: { access: Access }) => {
  const twoFactor = useSetTwoFactor();
  const onProof = useReauth(
    false,
    'We e-mail you a code now: entering it shows that sign-in codes reach you.',
  );
  const offProof = useReauth(access.has_password);
  const twoFactorProof = access.is_2fa ? offProof : onProof;
  return (
    <Card withBorder padding="lg">
      <Title order={3} size="h4" mb="md">
        Account security
      </Title>
      <Stack gap="lg">
        <ConfirmSwitch
          label="Two-Factor Authentication"
          description="Ask for a code sent to your e-mail each time you sign in."
          checked={access.is_2fa}
          title="Two-Factor Authentication"
          message={(next) =>
            next
              ? 'From now on, signing in will also need a code we e-mail you.'
              : 'Signing in will need only your password. Turn it off?'
          }
          onConfirm={(next, done) =>
            twoFactor.mutate(
              { enabled: next, proof: twoFactorProof.proof },
              { onSuccess: done, onError: twoFactorProof.onError },
            )
          }
          {...twoFactorProof.switchProps(twoFactor)}
        />
      </Stack>
    </Card>
  );
};
