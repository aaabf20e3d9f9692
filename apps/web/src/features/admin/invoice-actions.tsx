import { Modal, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  adminMarkPaidBodySchema,
  adminRefundBodySchema,
  MANUAL_PAYMENT_METHODS,
  type AdminInvoice,
} from '@proxydesk/contract';
import type { ReactNode } from 'react';
import { formatEuro } from '../../lib/format';
import { useInvoiceAction, type InvoiceAction } from './money-api';
import { ReasonAndButtons } from './reason-input';
import { toastAndClose } from './toast-and-close';

const refundRules = schemaResolver(adminRefundBodySchema, { sync: true });
const markPaidRules = schemaResolver(adminMarkPaidBodySchema, { sync: true });

interface ActionForm {
  part: 'full' | 'part';
  amount: number | string;
  reason: string;
  method: (typeof MANUAL_PAYMENT_METHODS)[number];
  reference: string;
}

const METHOD_LABELS: Record<ActionForm['method'], string> = {
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  other: 'Other',
};

/** What marking paid sends (issue #30 item 7): how the money came, and a bank transfer's reference. */
const markPaidBody = ({ reason, method, reference }: ActionForm) => ({
  reason,
  method,
  reference: reference.trim() || null,
});

/** What a refund sends: the whole rest (no amount) or a part of it, in euro. */
const refundBody = ({ part, amount, reason }: ActionForm) => ({
  reason,
  amount: part === 'full' ? null : amount === '' ? Number.NaN : Number(amount),
});

/**
 * The modal of an invoice action (issue #17 §4): its own fields, then why (kept in the audit trail); validated
 * with the contract's schema, the server's answer in a toast, the page read again.
 */
export const InvoiceActionModal = ({
  invoice,
  kind,
  onClose,
}: {
  invoice: AdminInvoice;
  kind: InvoiceAction['name'];
  onClose: () => void;
}) => {
  const action = useInvoiceAction(invoice.id);
  const left = Math.round((invoice.price - invoice.refunded) * 100) / 100;
  const form = useForm<ActionForm>({
    initialValues: { part: 'full', amount: '', reason: '', method: 'bank_transfer', reference: '' },
    validate: (values) => {
      if (kind === 'markPaid') return markPaidRules(markPaidBody(values));
      const errors = refundRules(refundBody(values));
      const { amount } = refundBody(values);
      if (!errors.amount && amount !== null && amount > left)
        errors.amount = `At most ${formatEuro(left)} is left to refund`;
      return errors;
    },
  });
  const submit = form.onSubmit((values) =>
    action.mutate(
      kind === 'refund'
        ? { name: 'refund', body: refundBody(values) }
        : { name: 'markPaid', body: markPaidBody(values) },
      toastAndClose('Done', onClose),
    ),
  );
  const refund = kind === 'refund';
  let explain: ReactNode;
  if (refund)
    explain = (
      <Text size="sm" c="dimmed">
        The refund goes through {invoice.payment_method}&apos;s refund API; the provider&apos;s refund event
        then applies it. The sandbox and the balance answer at once, other providers when their notification
        arrives. A full refund suspends what this invoice bought.
      </Text>
    );
  else
    explain = (
      <Text size="sm" c="dimmed">
        For money that arrived another way, such as a bank transfer: the invoice is provisioned as if paid,
        once.
      </Text>
    );
  return (
    <Modal opened onClose={onClose} title={refund ? 'Refund invoice' : 'Mark invoice paid'} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {explain}
          {refund && (
            <>
              <SegmentedControl
                aria-label="How much"
                data={[
                  { value: 'full', label: `All of it (${formatEuro(left)})` },
                  { value: 'part', label: 'A part' },
                ]}
                {...form.getInputProps('part')}
              />
              {form.values.part === 'part' && (
                <NumberInput
                  label="Amount (€)"
                  description={`Up to ${formatEuro(left)}`}
                  min={0.01}
                  max={left}
                  clampBehavior="none"
                  decimalScale={2}
                  step={1}
                  required
                  {...form.getInputProps('amount')}
                />
              )}
            </>
          )}
          {!refund && (
            <>
              <SegmentedControl
                aria-label="How the money came"
                data={MANUAL_PAYMENT_METHODS.map((value) => ({ value, label: METHOD_LABELS[value] }))}
                {...form.getInputProps('method')}
              />
              <TextInput
                label="Reference"
                description={
                  form.values.method === 'bank_transfer'
                    ? "The transfer's reference, as your bank statement shows it"
                    : 'Optional: a receipt number'
                }
                required={form.values.method === 'bank_transfer'}
                {...form.getInputProps('reference')}
              />
            </>
          )}
          <ReasonAndButtons
            form={form}
            call={action}
            autoFocus
            label={refund ? 'Refund' : 'Mark paid'}
            color={refund ? 'red' : undefined}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
};
