import { Alert, Button, Group, Text } from '@mantine/core';
import type { Invoice } from '@proxydesk/contract';
import { statusOf } from './api/invoices';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { nextStepAfterPaying } from './next-step';

/** One outcome: a light alert with what happened and, beside it, the way on. */
const Outcome = ({ paid, children, action }: { paid: boolean; children: ReactNode; action: ReactNode }) => (
  <Alert
    color={paid ? 'green' : 'yellow'}
    variant="light"
    icon={paid ? <IconCircleCheck /> : <IconAlertTriangle />}
    title={paid ? 'Payment received' : 'Payment not completed'}
    data-testid={paid ? 'payment-received' : 'payment-not-completed'}
  >
    <Group justify="space-between" gap="sm">
      <Text size="sm">{children}</Text>
      {action}
    </Group>
  </Alert>
);

/**
 * Back from a payment provider (issue #19): "Payment received" with the one thing to do next, or, when the
 * payment was cancelled or has not arrived, what happened and a way to pay again.
 */
export const PaymentOutcome = ({ invoice }: { invoice: Invoice }) => {
  if (invoice.status) {
    const next = nextStepAfterPaying(invoice.proxy_type);
    return (
      <Outcome
        paid
        action={
          <Button component={Link} to={next.to}>
            {next.label}
          </Button>
        }
      >
        Thank you: {invoice.plan_name} is paid. {next.hint}
      </Outcome>
    );
  }
  const open = statusOf(invoice) === 'Pending';
  return (
    <Outcome
      paid={false}
      action={
        open &&
        invoice.hosted_url && (
          <Button component="a" href={invoice.hosted_url}>
            Pay now
          </Button>
        )
      }
    >
      {open
        ? 'The payment was cancelled or has not arrived yet. Nothing was charged for this invoice.'
        : 'The payment was cancelled and this invoice has expired: buy the plan again to get a new one.'}
    </Outcome>
  );
};
