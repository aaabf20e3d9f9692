import { Alert, Button, Group, Text } from '@mantine/core';
import type { Invoice } from '@proxydesk/contract';
import { statusOf } from './api/invoices';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { nextStepAfterPaying } from './next-step';

/**
 * Back from a payment provider (issue #19): "Payment received" with the one thing to do next, or, when the
 * payment was cancelled or has not arrived, what happened and a way to pay again.
 */
export const PaymentOutcome = ({ invoice }: { invoice: Invoice }) => {
  if (invoice.status) {
    const next = nextStepAfterPaying(invoice.proxy_type);
    return (
      <Alert
        color="green"
        variant="light"
        icon={<IconCircleCheck />}
        title="Payment received"
        data-testid="payment-received"
      >
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            Thank you: {invoice.plan_name} is paid. {next.hint}
          </Text>
          <Button component={Link} to={next.to}>
            {next.label}
          </Button>
        </Group>
      </Alert>
    );
  }
  const open = statusOf(invoice) === 'Pending';
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle />}
      title="Payment not completed"
      data-testid="payment-not-completed"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {open
            ? 'The payment was cancelled or has not arrived yet. Nothing was charged for this invoice.'
            : 'The payment was cancelled and this invoice has expired: buy the plan again to get a new one.'}
        </Text>
        {open && invoice.hosted_url && (
          <Button component="a" href={invoice.hosted_url}>
            Pay now
          </Button>
        )}
      </Group>
    </Alert>
  );
};
