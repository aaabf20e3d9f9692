import {
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { adminInvoiceBodySchema, type AdminInvoiceBody } from '@proxydesk/contract';
import { useState } from 'react';
import { formatEuro } from '../../lib/format';
import { useByHand, useCataloguePlans, usePaymentMethods } from './by-hand-api';
import { productName } from './format';
import { ReasonAndButtons } from './reason-input';
import { toastAndClose } from './toast-and-close';

interface InvoiceForm {
  what: 'plan' | 'line';
  plan: string;
  description: string;
  price: number | string;
  due_date: string;
  note: string;
  payment_method: string;
  reason: string;
}

const DAY_MS = 86_400_000;
/** The default due date: two weeks from today (UTC). */
const inTwoWeeks = () => new Date(Date.now() + 14 * DAY_MS).toISOString().slice(0, 10);
const rules = schemaResolver(adminInvoiceBodySchema, { sync: true });

/** What the form sends: a catalogue plan or a custom line, never both. */
const bodyOf = (values: InvoiceForm): AdminInvoiceBody => ({
  ...(values.what === 'plan'
    ? { plan: values.plan ? Number(values.plan) : null }
    : { description: values.description }),
  price: values.price === '' ? null : Number(values.price),
  due_date: values.due_date,
  note: values.note.trim() || null,
  payment_method: values.payment_method as AdminInvoiceBody['payment_method'],
  reason: values.reason,
});

/**
 * An invoice made by hand for a customer (issue #30 item 7): a catalogue plan (provisioned like a bought one
 * once paid) or a custom line with its price, a due date and a note the customer reads.
 */
export const InvoiceByHandModal = ({ customerId, onClose }: { customerId: string; onClose: () => void }) => {
  const create = useByHand(customerId, 'createInvoice');
  const plans = useCataloguePlans();
  const methods = usePaymentMethods();
  const [due] = useState(inTwoWeeks);
  const form = useForm<InvoiceForm>({
    initialValues: {
      what: 'plan',
      plan: '',
      description: '',
      price: '',
      due_date: due,
      note: '',
      payment_method: 'sandbox',
      reason: '',
    },
    validate: (values) => {
      const errors = rules(bodyOf(values));
      // The plan / line rule is told where the operator looks.
      if (values.what === 'line' && errors.plan) return { ...errors, description: errors.plan, plan: null };
      return errors;
    },
  });
  const chosen = plans.data?.find((plan) => String(plan.id) === form.values.plan);
  const methodChoices = (methods.data ?? [])
    .filter((method) => method.code !== 'balance')
    .map((method) => ({ value: method.code, label: method.name }));
  return (
    <Modal opened onClose={onClose} title="New invoice" centered size="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          create.mutate(bodyOf(values), toastAndClose('Invoice made', onClose)),
        )}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            The customer sees it in their invoices and pays it like any other until the end of its due day, or
            you mark it paid when a bank transfer arrives.
          </Text>
          <SegmentedControl
            aria-label="What the invoice sells"
            data={[
              { value: 'plan', label: 'Catalogue plan' },
              { value: 'line', label: 'Custom line' },
            ]}
            {...form.getInputProps('what')}
          />
          {form.values.what === 'plan' ? (
            <Select
              label="Plan"
              placeholder={plans.isPending ? 'Loading plans…' : 'Choose a plan'}
              searchable
              required
              data={(plans.data ?? []).map((plan) => ({
                value: String(plan.id),
                label: `${productName(plan.type)} · ${plan.name}`,
              }))}
              {...form.getInputProps('plan')}
              error={form.errors.plan ?? (plans.error ? plans.error.message : undefined)}
            />
          ) : (
            <TextInput
              label="Description"
              placeholder="e.g. Dedicated gateway setup"
              required
              {...form.getInputProps('description')}
            />
          )}
          <Group grow align="flex-start">
            <NumberInput
              label="Price (€)"
              description={
                form.values.what === 'plan'
                  ? `Empty: the catalogue's${chosen ? ` ${formatEuro(chosen.price)}` : ''}`
                  : 'What the customer pays'
              }
              min={0.01}
              decimalScale={2}
              required={form.values.what === 'line'}
              {...form.getInputProps('price')}
            />
            <TextInput
              type="date"
              label="Due date"
              description="Payable until this day ends (UTC)"
              required
              {...form.getInputProps('due_date')}
            />
          </Group>
          <Select
            label="Payment method"
            description="The checkout the customer pays through"
            data={methodChoices}
            required
            {...form.getInputProps('payment_method')}
          />
          <Textarea
            label="Note"
            description="Printed on the invoice: the customer reads it"
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps('note')}
          />
          <ReasonAndButtons form={form} call={create} label="Make invoice" onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
};
