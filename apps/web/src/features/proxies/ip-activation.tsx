import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../components/form-alert';
import { useIpField } from './use-ip-field';

/** The Activate Plan banner and modal (SPEC.md §4): the first IP to whitelist starts the plan. */
export const ActivationBanner = ({
  what,
  pending,
  error,
  onActivate,
}: {
  what: string;
  pending: boolean;
  error: string | null | undefined;
  onActivate: (ip: string, done: () => void) => void;
}) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Alert
        color="yellow"
        variant="light"
        icon={<IconBolt size={18} />}
        title="A plan is waiting for activation"
      >
        <Group justify="space-between" gap="sm">
          <span>Activate your {what} plan with the IP you will connect from.</span>
          <Button size="sm" onClick={() => setOpen(true)}>
            Activate Plan
          </Button>
        </Group>
      </Alert>
      <IpModal
        title="Activate Plan"
        opened={open}
        onClose={() => setOpen(false)}
        pending={pending}
        error={error}
        submitLabel="Activate"
        onSubmit={(ip) => onActivate(ip, () => setOpen(false))}
      />
    </>
  );
};

/** One IP, checked in the browser by the same rule as the server (IPv4 or IPv6). */
export const IpModal = ({
  title,
  opened,
  onClose,
  pending,
  error,
  submitLabel,
  onSubmit,
}: {
  title: string;
  opened: boolean;
  onClose: () => void;
  pending: boolean;
  error: string | null | undefined;
  submitLabel: string;
  onSubmit: (ip: string) => void;
}) => {
  const ip = useIpField();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const address = ip.take();
          if (address) onSubmit(address);
        }}
      >
        <Stack gap="sm">
          <FormAlert>{error}</FormAlert>
          <TextInput label="IP address" placeholder="203.0.113.7" {...ip.input} required data-autofocus />
          <Group justify="flex-end">
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
