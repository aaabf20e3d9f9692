import { Card, Stack, Title } from '@mantine/core';
import type { Access } from '@proxydesk/contract';
import { appUrl } from '../../lib/app-paths';
import { clearToken } from '../../lib/token';
import { useDeactivate, useSetTwoFactor } from './api/settings-calls';
import { ConfirmSwitch } from './confirm-switch';
import { useReauth } from './reauth';

/**
 * Two-Factor Authentication and Deactivate Account, each confirmed in a modal (DESIGN.md §3); turning
 * two-factor off and deactivating ask for the current password there.
 */
export const SecuritySwitches = ({ access }: { access: Access }) => {
  const twoFactor = useSetTwoFactor();
  const deactivate = useDeactivate();
  const twoFactorProof = useReauth(access.has_password);
  const deactivateProof = useReauth(access.has_password);
  const twoFactorMessages = twoFactorProof.messages(twoFactor.error);
  const deactivateMessages = deactivateProof.messages(deactivate.error);
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
          fields={(next) => (next ? null : twoFactorProof.field)}
          onConfirm={(next, done) =>
            twoFactor.mutate(
              { enabled: next, proof: twoFactorProof.proof },
              { onSuccess: done, onError: twoFactorProof.onError },
            )
          }
          onClose={() => {
            twoFactorProof.reset();
            twoFactor.reset();
          }}
          pending={twoFactor.isPending}
          error={twoFactorMessages.danger}
          note={twoFactorMessages.info}
        />
        <ConfirmSwitch
          label="Deactivate Account"
          description="Sign out everywhere and stop this account from signing in."
          checked={!access.is_active}
          title="Deactivate your account?"
          message={() =>
            'Every device is signed out at once and the account can no longer sign in. Your invoices stay on record.'
          }
          confirmLabel="Deactivate"
          danger
          fields={() => deactivateProof.field}
          onConfirm={() =>
            deactivate.mutate(deactivateProof.proof, {
              onSuccess: () => {
                clearToken();
                window.location.assign(appUrl('/login'));
              },
              onError: deactivateProof.onError,
            })
          }
          onClose={() => {
            deactivateProof.reset();
            deactivate.reset();
          }}
          pending={deactivate.isPending}
          error={deactivateMessages.danger}
          note={deactivateMessages.info}
        />
      </Stack>
    </Card>
  );
};
