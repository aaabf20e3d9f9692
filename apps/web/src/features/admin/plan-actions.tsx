import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '../../components/form-alert';
import { useByHand } from './by-hand-api';
import { FormButtons } from '../../components/form-buttons';
import { ReasonInput } from './reason-input';
import { toastAndClose } from './toast-and-close';

interface Plan {
  id: string;
  name: string;
  status: string;
  expiry_date: string | null;
}

type Kind = 'end' | 'suspend' | 'resume';

/** `YYYY-MM-DDTHH:mm` in the browser's time, as a datetime-local input takes it. */
const localInput = (iso: string | null) => {
  const at = iso ? new Date(iso) : new Date(Date.now() + 30 * 86_400_000);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

const TITLES: Record<Kind, string> = {
  end: 'Change end date',
  suspend: 'Suspend plan',
  resume: 'Resume plan',
};

const PlanModal = ({
  customerId,
  plan,
  kind,
  onClose,
}: {
  customerId: string;
  plan: Plan;
  kind: Kind;
  onClose: () => void;
}) => {
  const end = useByHand(customerId, 'setPlanEnd');
  const suspension = useByHand(customerId, 'setPlanSuspended');
  const [until, setUntil] = useState(localInput(plan.expiry_date));
  const [reason, setReason] = useState('');
  const pending = end.isPending || suspension.isPending;
  const error = end.error ?? suspension.error;
  const done = toastAndClose('Done', onClose);
  const submit = () => {
    if (kind === 'end') {
      const at = new Date(until);
      end.mutate(
        { plan_id: plan.id, expires_at: Number.isNaN(at.getTime()) ? until : at.toISOString(), reason },
        done,
      );
    } else suspension.mutate({ plan_id: plan.id, suspended: kind === 'suspend', reason }, done);
  };
  return (
    <Modal opened onClose={onClose} title={`${TITLES[kind]}: ${plan.name}`} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {kind === 'suspend' && (
            <Text size="sm" c="dimmed">
              The gateways refuse this plan within seconds; its addresses stay its own until you resume it.
            </Text>
          )}
          {kind === 'end' && (
            <TextInput
              type="datetime-local"
              label="Ends at (your time)"
              required
              value={until}
              onChange={(event) => setUntil(event.currentTarget.value)}
            />
          )}
          <ReasonInput
            required
            data-autofocus
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <FormAlert>{error?.message}</FormAlert>
          <FormButtons
            label={TITLES[kind]}
            color={kind === 'suspend' ? 'red' : undefined}
            pending={pending}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
};

/** One plan's actions on the customer's page (issue #30 item 7): its end date, suspend or resume. */
export const PlanActions = ({ customerId, plan }: { customerId: string; plan: Plan }) => {
  const [open, setOpen] = useState<Kind | null>(null);
  const kinds: Kind[] = [
    ...(plan.status === 'active' || plan.status === 'suspended' ? (['end'] as const) : []),
    ...(plan.status === 'active' || plan.status === 'pending' ? (['suspend'] as const) : []),
    ...(plan.status === 'suspended' ? (['resume'] as const) : []),
  ];
  if (kinds.length === 0) return null;
  return (
    <Group gap={6} mt={6}>
      {kinds.map((kind) => (
        <Button
          key={kind}
          size="compact-xs"
          variant="subtle"
          color={kind === 'suspend' ? 'red' : undefined}
          onClick={() => setOpen(kind)}
          aria-label={`${TITLES[kind]}: ${plan.name}`}
        >
          {TITLES[kind]}
        </Button>
      ))}
      {open && <PlanModal customerId={customerId} plan={plan} kind={open} onClose={() => setOpen(null)} />}
    </Group>
  );
};
