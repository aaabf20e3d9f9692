import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CopyField } from '../../components/copy-button';
import { FormAlert } from '../../components/form-alert';
import { useResetProxyPassword } from './api/settings-calls';
import { SettingsCard } from './settings-card';

/**
 * Proxy lines carry a password of their own (not the account's). A customer whose lines leaked resets it here;
 * the gateway refuses the old one within seconds (issue #6).
 */
export const ProxyPasswordCard = () => {
  const reset = useResetProxyPassword();
  const [asking, setAsking] = useState(false);
  const fresh = reset.data?.payload.password;
  return (
    <SettingsCard
      title="Proxy password"
      testId="proxy-password-card"
      intro="Your residential and ISP lines use a password of their own. If a line got out, reset it: lines with the old password stop working within seconds."
    >
      <Stack gap="sm">
        <FormAlert>{reset.error?.message}</FormAlert>
        {fresh && (
          <>
            <Alert color="green" variant="light" title="New proxy password set">
              Generate your proxy lines again to use it.
            </Alert>
            <CopyField value={fresh} label="New proxy password" copyLabel="Copy proxy password" />
          </>
        )}
        <Group>
          <Button variant="default" color="red" onClick={() => setAsking(true)}>
            Reset Proxy Password
          </Button>
        </Group>
      </Stack>
      <Modal opened={asking} onClose={() => setAsking(false)} title="Reset proxy password?" centered>
        <Stack gap="md">
          <Text size="sm">
            Every proxy line you generated so far stops working within seconds. Datacenter and IPv6 addresses,
            which go by your whitelisted IPs, are not affected.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={reset.isPending}
              onClick={() => reset.mutate(undefined, { onSettled: () => setAsking(false) })}
            >
              Reset
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SettingsCard>
  );
};
