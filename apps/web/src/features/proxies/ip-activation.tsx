import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormAlert } from '../../components/form-alert';
import { useIpField } from './use-ip-field';

/** A plan that waits for its first IP: its id (absent where the product has one plan) and its name. */
export type WaitingPlan = { id?: string; name: string };

/**
 * The Activate Plan banner and modal (SPEC.md §4): the first IP to whitelist starts the plan. Every waiting plan
 * has its own Activate Plan, and the modal names the plan it starts (issue #33 item 3); `?activate=<id>` (the
 * dashboard's link) opens it for that plan.
 */
export const ActivationBanner = ({
  what,
  plans,
  pending,
  error,
  onActivate,
}: {
  what: string;
  plans: WaitingPlan[];
  pending: boolean;
  error: string | null | undefined;
  onActivate: (plan: WaitingPlan, ip: string, done: () => void) => void;
}) => {
  const [params, setParams] = useSearchParams();
  const asked = plans.find((plan) => plan.id !== undefined && plan.id === params.get('activate'));
  const [chosen, setChosen] = useState<WaitingPlan | null>(null);
  const open = chosen ?? asked ?? null;
  const close = () => {
    setChosen(null);
    if (params.has('activate'))
      setParams(
        (now) => {
          now.delete('activate');
          return now;
        },
        { replace: true },
      );
  };
  const many = plans.length > 1;
  return (
    <>
      <Alert
        color="yellow"
        variant="light"
        icon={<IconBolt size={18} />}
        title={many ? `${plans.length} plans are waiting for activation` : 'A plan is waiting for activation'}
        data-testid="activation-banner"
      >
        <Stack gap="xs">
          <span>
            Activate your {what} {many ? 'plans' : 'plan'} with the IP you will connect from.
          </span>
          {plans.map((plan) => (
            <Group key={plan.id ?? plan.name} justify="space-between" gap="sm" wrap="nowrap">
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {plan.name}
              </Text>
              <Button size="sm" aria-label={`Activate Plan: ${plan.name}`} onClick={() => setChosen(plan)}>
                Activate Plan
              </Button>
            </Group>
          ))}
        </Stack>
      </Alert>
      <IpModal
        title={`Activate Plan: ${open?.name ?? ''}`}
        opened={open !== null}
        onClose={close}
        pending={pending}
        error={error}
        submitLabel={`Activate ${open?.name ?? ''}`}
        note={`The IP you enter is whitelisted on ${open?.name ?? 'this plan'} and its time starts now.`}
        onSubmit={(ip) => open && onActivate(open, ip, close)}
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
  note,
  onSubmit,
}: {
  title: string;
  note?: string;
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
          {note && <Text size="sm">{note}</Text>}
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
