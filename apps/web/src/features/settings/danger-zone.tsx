import { Card, Text, Title } from '@mantine/core';
import type { Access } from '@proxydesk/contract';
import { appUrl } from '../../lib/app-paths';
import { clearToken } from '../../lib/token';
import { useDeactivate } from './api/settings-calls';
import { ConfirmSwitch } from './confirm-switch';
import classes from './danger-zone.module.css';
import { useReauth } from './reauth';

/** Deactivate Account, last on the page in a red card (issue #19), confirmed with the current password. */
export const DangerZone = ({ access }: { access: Access }) => {
  const deactivate = useDeactivate();
  const deactivateProof = useReauth(access.has_password);
  return (
    <Card withBorder padding="lg" className={classes.danger} data-testid="danger-zone">
      <Title order={3} size="h4" mb={4} c="red">
        Danger zone
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Deactivating signs you out everywhere and stops your proxies. Only support can turn the account on
        again.
      </Text>
      <ConfirmSwitch
        label="Deactivate Account"
        description="Sign out everywhere and stop this account from signing in."
        checked={!access.is_active}
        title="Deactivate your account?"
        message={() =>
          'Every device is signed out at once, your proxies stop working and the account can no longer sign in. Your invoices stay on record; to come back, write to support.'
        }
        confirmLabel="Deactivate"
        danger
        onConfirm={() =>
          deactivate.mutate(deactivateProof.proof, {
            onSuccess: () => {
              clearToken();
              window.location.assign(appUrl('/account-deactivated'));
            },
            onError: deactivateProof.onError,
          })
        }
        {...deactivateProof.switchProps(deactivate)}
      />
    </Card>
  );
};
