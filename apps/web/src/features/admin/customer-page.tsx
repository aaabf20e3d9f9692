import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { adminCustomerActions } from '@proxydesk/contract';
import { useState } from 'react';
import { useParams } from 'react-router';
import { FormAlert } from '../../components/form-alert';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { formatEuro } from '../../lib/format';
import { toastDone } from '../../lib/toast';
import { useCustomer, useCustomerAction, type ActionName } from './api';
import { CustomerMails } from './customer-mails';
import { useIsOperator } from './me-api';
import { productName, when } from './format';

type Field = 'amount' | 'email' | 'plan' | 'days' | 'gb';
interface ActionSpec {
  name: ActionName;
  label: string;
  fields?: Field[];
  body?: Record<string, unknown>;
  color?: string;
}

/** 32 random hex digits (`crypto.randomUUID` needs a secure context; the console may be served over plain HTTP). */
const newIdempotencyKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );

/** The reason modal of every action (issue #17 §3): the action's own fields, then why. */
const ActionModal = ({
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
    action.mutate(
      { name: spec.name, body },
      {
        onSuccess: (answer) => {
          toastDone(answer.detail ?? 'Done');
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={spec.label}>
      <Stack>
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
        <TextInput
          label="Reason"
          description="Kept in the audit trail"
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

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <Card withBorder padding="lg">
    <Title order={3} size="h5" mb="sm">
      {title}
    </Title>
    {children}
  </Card>
);

/** A customer's page (issue #17 §3): everything about them, and the actions. */
export const CustomerPage = () => {
  const { id = '' } = useParams();
  const { data, error, refetch } = useCustomer(id);
  const [open, setOpen] = useState<ActionSpec | null>(null);
  const operator = useIsOperator();
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (!data) return null;
  const { customer } = data;
  const allActions: ActionSpec[] = [
    { name: 'adjustBalance', label: 'Credit or debit balance', fields: ['amount'] },
    { name: 'giftPlan', label: 'Gift days or GB', fields: ['plan', 'days', 'gb'] },
    { name: 'revokeSessions', label: 'Revoke all sessions' },
    { name: 'rotateProxyPassword', label: 'Rotate proxy password' },
    { name: 'resendConfirmation', label: 'Resend confirmation' },
    { name: 'changeEmail', label: 'Change e-mail', fields: ['email'] },
    { name: 'resetTwoFactor', label: 'Reset 2FA' },
    {
      name: 'setReseller',
      label: customer.role === 'reseller' ? 'Make customer' : 'Make reseller',
      body: { reseller: customer.role !== 'reseller' },
    },
    {
      name: 'setActive',
      label: customer.is_active ? 'Deactivate' : 'Reactivate',
      body: { active: !customer.is_active },
      color: customer.is_active ? 'red' : 'teal',
    },
  ];
  // Support reads, signs a customer out and resends their code; every other action is an operator's.
  const actions = allActions.filter(
    (spec) =>
      operator || (spec.name !== 'adjustBalance' && adminCustomerActions[spec.name].access === 'staff'),
  );
  const plans = data.plans.filter((plan) => plan.status === 'active');

  return (
    <>
      <PageHeader title={customer.username} description={customer.email} />
      <Group gap="xs" mb="md">
        <Badge variant="light">{customer.role}</Badge>
        <Badge variant="light" color={customer.is_active ? 'teal' : 'red'}>
          {customer.is_active ? 'active' : 'deactivated'}
        </Badge>
        <Badge variant="light" color={customer.is_2fa ? 'teal' : 'gray'}>
          2FA {customer.is_2fa ? 'on' : 'off'}
        </Badge>
        <Badge variant="light" color={customer.email_verified ? 'teal' : 'yellow'}>
          {customer.email_verified ? 'confirmed' : 'unconfirmed'}
        </Badge>
        <Badge variant="light" color="gray">
          {customer.sign_in.join(', ') || 'no sign-in method'}
        </Badge>
      </Group>
      <Group gap="xs" mb="lg">
        {actions.map((spec) => (
          <Button key={spec.label} size="xs" variant="light" color={spec.color} onClick={() => setOpen(spec)}>
            {spec.label}
          </Button>
        ))}
      </Group>
      {open && (
        <ActionModal
          id={customer.id}
          spec={open}
          plans={plans.map((plan) => ({ id: plan.id, name: `${plan.name} (${productName(plan.product)})` }))}
          onClose={() => setOpen(null)}
        />
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Section title="Profile">
          <Text size="sm">Id: {customer.id}</Text>
          <Text size="sm">Joined: {when(customer.joined)}</Text>
          <Text size="sm">Referral code: {customer.referral_code}</Text>
          <Text size="sm">
            Referrals: {data.referral.referees} customers, {data.referral.points} points
          </Text>
        </Section>
        <Section title={`Balance ${formatEuro(customer.balance)}`}>
          <Table>
            <Table.Tbody>
              {data.ledger.map((entry, index) => (
                <Table.Tr key={index}>
                  <Table.Td>{when(entry.created)}</Table.Td>
                  <Table.Td>{entry.reason}</Table.Td>
                  <Table.Td ta="right">{formatEuro(entry.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
        <Section title="Plans">
          <Stack gap="sm">
            {data.plans.map((plan) => (
              <div key={plan.id}>
                <Group justify="space-between">
                  <Text size="sm" fw={500}>
                    {plan.name} · {productName(plan.product)}
                  </Text>
                  <Badge size="sm" variant="light">
                    {plan.status}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {plan.ip_amount ? `${plan.ip_amount} IPs · ` : ''}
                  {plan.data_gb !== null ? `${plan.used_gb.toFixed(2)} of ${plan.data_gb} GB · ` : ''}
                  ends {when(plan.expiry_date)}
                </Text>
                {plan.data_gb !== null && plan.data_gb > 0 && (
                  <Progress value={Math.min(100, (plan.used_gb / plan.data_gb) * 100)} size="sm" mt={4} />
                )}
              </div>
            ))}
          </Stack>
        </Section>
        <Section title="Invoices">
          <Table>
            <Table.Tbody>
              {data.invoices.map((invoice) => (
                <Table.Tr key={invoice.id}>
                  <Table.Td>{when(invoice.created)}</Table.Td>
                  <Table.Td>{invoice.plan_name}</Table.Td>
                  <Table.Td>{invoice.paid ? 'paid' : 'unpaid'}</Table.Td>
                  <Table.Td ta="right">{formatEuro(invoice.price)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Section>
        <Section title="Whitelisted IPs">
          {data.whitelist.map((entry) => (
            <Text key={`${entry.plan_id}-${entry.ip}`} size="sm">
              {entry.ip}
            </Text>
          ))}
        </Section>
        <Section title="Sessions">
          {data.sessions.map((session) => (
            <Text key={session.id} size="sm">
              {when(session.created)} · {session.ip ?? 'unknown address'}
            </Text>
          ))}
        </Section>
      </SimpleGrid>
      <CustomerMails customerId={customer.id} />
    </>
  );
};
