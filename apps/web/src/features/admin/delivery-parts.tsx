import { Badge, Button, Code, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { adminReason, type AdminWebhookDelivery } from '@proxydesk/contract';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../components/form-alert';
import { FormButtons } from '../../components/form-buttons';
import { when } from './format';
import { useResendDelivery } from './webhooks-api';
import { ReasonInput } from './reason-input';
import { toastAndClose } from './toast-and-close';

const STATE_COLOURS = { delivered: 'teal', pending: 'yellow', failed: 'red' } as const;

/** A delivery's state as a badge with its word (never colour alone). */
export const DeliveryStateBadge = ({ state }: { state: AdminWebhookDelivery['state'] }) => (
  <Badge variant="light" color={STATE_COLOURS[state]} style={{ flexShrink: 0, overflow: 'visible' }}>
    {state}
  </Badge>
);

/** The receiver's last answer: its status code and the start of its body, or why there was none. */
export const LastAnswer = ({ delivery }: { delivery: AdminWebhookDelivery }) => {
  if (delivery.last_attempt_at === null)
    return (
      <Text size="sm" c="dimmed">
        Not tried yet
      </Text>
    );
  const ok = delivery.last_status !== null && delivery.last_status >= 200 && delivery.last_status < 300;
  const excerpt = delivery.last_error ?? delivery.last_answer ?? '';
  return (
    <Stack gap={2} miw={0}>
      <Group gap={6}>
        <Badge variant="outline" color={ok ? 'teal' : 'red'} ff="monospace" style={{ flexShrink: 0 }}>
          {delivery.last_status ?? 'no answer'}
        </Badge>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {when(delivery.last_attempt_at)}
        </Text>
      </Group>
      {excerpt && (
        <Tooltip label={excerpt} multiline maw={360} openDelay={300}>
          <Code block={false} style={{ overflowWrap: 'anywhere' }} data-testid="last-answer">
            {excerpt.length > 80 ? `${excerpt.slice(0, 80)}…` : excerpt}
          </Code>
        </Tooltip>
      )}
    </Stack>
  );
};

/** The operator's re-send (issue #32 item 3): why, kept in the audit trail; the receiver's answer in a toast. */
export const ResendButton = ({ delivery }: { delivery: AdminWebhookDelivery }) => {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const resend = useResendDelivery();
  const close = () => {
    setOpen(false);
    setReason('');
    setProblem(null);
    resend.reset();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // The contract's rule, as the server checks it.
    const checked = adminReason.safeParse(reason);
    setProblem(checked.success ? null : (checked.error.issues[0]?.message ?? 'Give a reason'));
    if (!checked.success) return;
    resend.mutate({ id: delivery.id, reason }, toastAndClose('Sent again', close));
  };
  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconSend size={14} aria-hidden />}
        onClick={() => setOpen(true)}
        aria-label={`Re-send ${delivery.event} to ${delivery.customer}`}
      >
        Re-send
      </Button>
      <Modal opened={open} onClose={close} title="Re-send this delivery">
        <form onSubmit={submit}>
          <Stack>
            <Text size="sm" c="dimmed">
              {delivery.event} to {delivery.customer}&apos;s <Code>{delivery.url}</Code>, signed again and
              sent now.
            </Text>
            <ReasonInput
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={problem}
              data-autofocus
            />
            <FormAlert>{resend.error?.message}</FormAlert>
            <FormButtons label="Re-send" pending={resend.isPending} onCancel={close} />
          </Stack>
        </form>
      </Modal>
    </>
  );
};
