import { Button, Group, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '../../components/form-alert';
import { useCustomerAction, type ActionName } from './api';
import { ReasonInput } from './reason-input';
import { toastAndClose } from './toast-and-close';

export type Field = 'amount' | 'email' | 'plan' | 'days' | 'gb';
export interface ActionSpec {
  name: ActionName;
  label: string;
  fields?: Field[];
  body?: Record<string, unknown>;
  color?: string;
  /** What the operator should know before acting (issue #30 item 8: whose balance this is). */
  hint?: string;
}

/** 32 random hex digits (`crypto.randomUUID` needs a secure context; the console may be served over plain HTTP). */
const newIdempotencyKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );

/** The reason modal of every action (issue #17 §3): the action's own fields, then why. */
export const ActionModal = ({
  id,
  spec,
  plans,
  onClose,
}: {
  id: string;
  spec: ActionSpec;
  plans: { id: string; name: string }[];
  onClose: () => void;
}) => {
  const action = useCustomerAction(id);
  // One key per opening of the dialog (issue #28 §13): a double click, or sending again after a lost answer,
  // is one balance change.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [reason, setReason] = useState('');
  const [values, setValues] = useState<Record<Field, string | number>>({
    amount: '',
    email: '',
    plan: plans[0]?.id ?? '',
    days: '',
    gb: '',
  });
  const has = (field: Field) => spec.fields?.includes(field);
  const number = (field: Field) => (values[field] === '' ? undefined : Number(values[field]));
  const submit = () => {
    const body = {
      ...spec.body,
      ...(has('amount') ? { amount: number('amount') } : {}),
      ...(spec.name === 'adjustBalance' ? { idempotency_key: idempotencyKey } : {}),
      ...(has('email') ? { email: values.email } : {}),
      ...(has('plan') ? { plan_id: values.plan } : {}),
      ...(has('days') && number('days') ? { days: number('days') } : {}),
      ...(has('gb') && number('gb') ? { gb: number('gb') } : {}),
      reason,
    };
    action.mutate({ name: spec.name, body }, toastAndClose('Done', onClose));
  };
  return (
    <Modal opened onClose={onClose} title={spec.label}>
      <Stack>
        {spec.hint && (
          <Text size="sm" c="dimmed">
            {spec.hint}
          </Text>
        )}
        {has('amount') && (
          <NumberInput
            label="Amount (€, negative to debit)"
            value={values.amount}
            onChange={(value) => setValues({ ...values, amount: value })}
            decimalScale={2}
          />
        )}
        {has('email') && (
          <TextInput
            label="New e-mail"
            value={String(values.email)}
            onChange={(event) => setValues({ ...values, email: event.currentTarget.value })}
          />
        )}
        {has('plan') && (
          <Select
            label="Plan"
            data={plans.map((plan) => ({ value: plan.id, label: plan.name }))}
            value={String(values.plan)}
            onChange={(value) => value && setValues({ ...values, plan: value })}
          />
        )}
        {has('days') && (
          <NumberInput
            label="Days to add"
            value={values.days}
            onChange={(value) => setValues({ ...values, days: value })}
          />
        )}
        {has('gb') && (
          <NumberInput
            label="GB to add"
            value={values.gb}
            onChange={(value) => setValues({ ...values, gb: value })}
          />
        )}
        <ReasonInput
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          data-autofocus
        />
        {action.error && <FormAlert>{action.error.message}</FormAlert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={spec.color} onClick={submit} loading={action.isPending}>
            {spec.label}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
