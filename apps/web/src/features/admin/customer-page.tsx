import { Badge, Button, Group, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { adminCustomerActions } from '@proxydesk/contract';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { FormAlert } from '../../components/form-alert';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { formatEuro } from '../../lib/format';
import { useCustomer } from './api';
import { ActionModal, type ActionSpec } from './customer-action-modal';
import { CustomerBilling } from './customer-billing';
import { CustomerMails } from './customer-mails';
import { CustomerNotes } from './customer-notes';
import { CustomerSection } from './customer-section';
import { InvoiceByHandModal } from './invoice-by-hand';
import { PlanActions } from './plan-actions';
import { useIsOperator } from './me-api';
import { productName, when } from './format';

/** A small table without headings: a row per item, its cells in order, the last (an amount) right-aligned. */
const AmountsTable = <T,>({
  rows,
  rowKey,
  cells,
}: {
  rows: T[];
  rowKey: (row: T, index: number) => string | number;
  cells: (row: T) => ReactNode[];
}) => (
  <Table>
    <Table.Tbody>
      {rows.map((row, index) => {
        const values = cells(row);
        return (
          <Table.Tr key={rowKey(row, index)}>
            {values.map((value, column) => (
              <Table.Td key={column} ta={column === values.length - 1 ? 'right' : undefined}>
                {value}
              </Table.Td>
            ))}
          </Table.Tr>
        );
      })}
    </Table.Tbody>
  </Table>
);

/** A customer's page (issue #17 §3): everything about them, and the actions. */
export const CustomerPage = () => {
  const { id = '' } = useParams();
  const { data, error, refetch } = useCustomer(id);
  const [open, setOpen] = useState<ActionSpec | null>(null);
  const [invoicing, setInvoicing] = useState(false);
  const operator = useIsOperator();
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (!data) return null;
  const { customer } = data;
  const reseller = customer.role === 'reseller';
  // The balance is a reseller's (issue #30 item 8): credits for resellers; a customer's leftover can be debited.
  const balanceAction: ActionSpec[] = reseller
    ? [
        {
          name: 'adjustBalance',
          label: 'Credit or debit balance',
          fields: ['amount'],
          hint: 'Resellers only: the balance pays their purchases and shows on their Balance page.',
        },
      ]
    : customer.balance > 0
      ? [
          {
            name: 'adjustBalance',
            label: 'Debit leftover balance',
            fields: ['amount'],
            hint: 'Not a reseller: this balance can only be debited (a negative amount). Make reseller to use it.',
          },
        ]
      : [];
  const allActions: ActionSpec[] = [
    ...balanceAction,
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
        {operator && (
          <Button size="xs" onClick={() => setInvoicing(true)}>
            New invoice
          </Button>
        )}
        {actions.map((spec) => (
          <Button key={spec.label} size="xs" variant="light" color={spec.color} onClick={() => setOpen(spec)}>
            {spec.label}
          </Button>
        ))}
      </Group>
      {invoicing && <InvoiceByHandModal customerId={customer.id} onClose={() => setInvoicing(false)} />}
      {open && (
        <ActionModal
          id={customer.id}
          spec={open}
          plans={plans.map((plan) => ({ id: plan.id, name: `${plan.name} (${productName(plan.product)})` }))}
          onClose={() => setOpen(null)}
        />
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <CustomerBilling customerId={customer.id} billing={data.billing} operator={operator} />
        <CustomerNotes customerId={customer.id} notes={data.notes} operator={operator} />
        <CustomerSection title="Profile">
          <Text size="sm">Id: {customer.id}</Text>
          <Text size="sm">Joined: {when(customer.joined)}</Text>
          <Text size="sm">Referral code: {customer.referral_code}</Text>
          <Text size="sm">
            Referrals: {data.referral.referees} customers, {data.referral.points} points
          </Text>
        </CustomerSection>
        <CustomerSection title={`Balance ${formatEuro(customer.balance)}`}>
          {!reseller && (
            <FormAlert color={customer.balance !== 0 ? 'yellow' : 'blue'}>
              {customer.balance !== 0
                ? `Not a reseller: the customer can neither see nor spend this ${formatEuro(customer.balance)}. Make reseller to use it.`
                : 'The balance is for resellers: make reseller to credit one.'}
            </FormAlert>
          )}
          <AmountsTable
            rows={data.ledger}
            rowKey={(_, index) => index}
            cells={(entry) => [when(entry.created), entry.reason, formatEuro(entry.amount)]}
          />
        </CustomerSection>
        <CustomerSection title="Plans">
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
                {operator && <PlanActions customerId={customer.id} plan={plan} />}
              </div>
            ))}
          </Stack>
        </CustomerSection>
        <CustomerSection title="Invoices">
          <AmountsTable
            rows={data.invoices}
            rowKey={(invoice) => invoice.id}
            cells={(invoice) => [
              when(invoice.created),
              invoice.plan_name,
              invoice.paid ? 'paid' : 'unpaid',
              formatEuro(invoice.price),
            ]}
          />
        </CustomerSection>
        <CustomerSection title="Whitelisted IPs">
          {data.whitelist.map((entry) => (
            <Text key={`${entry.plan_id}-${entry.ip}`} size="sm">
              {entry.ip}
            </Text>
          ))}
        </CustomerSection>
        <CustomerSection title="Sessions">
          {data.sessions.map((session) => (
            <Text key={session.id} size="sm">
              {when(session.created)} · {session.ip ?? 'unknown address'}
            </Text>
          ))}
        </CustomerSection>
      </SimpleGrid>
      <CustomerMails customerId={customer.id} />
    </>
  );
};
