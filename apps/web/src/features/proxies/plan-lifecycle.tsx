import { Alert, Button, Switch, Text } from '@mantine/core';
import { invoiceEndpoints } from '@proxydesk/contract';
import { IconAlertTriangle, IconClockHour4, IconRefresh } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useAccess } from '../../lib/access';
import { call } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import type { Order } from '../../lib/order';
import { useSetAutoRenew } from './api/proxies';

type PlanStatus = 'pending' | 'active' | 'expired' | 'suspended';

/** Plans that may be renewed: running, or ended within the grace period (the server says when it is too late). */
export const renewable = (status: PlanStatus) => status === 'active' || status === 'expired';

const SOON_MS = 72 * 3_600_000;

/**
 * What is happening to a plan, said above its figures (issue #16): suspended after a refund or a lost dispute,
 * ended (its addresses kept a while for a renewal), or ending within three days.
 */
export const PlanStateAlert = ({ status, expiry }: { status: PlanStatus; expiry: string | null }) => {
  // The page's own clock, read once: "within three days" need not tick.
  const [now] = useState(() => Date.now());
  if (status === 'suspended')
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle />}
        title="This plan is suspended"
        data-testid="plan-suspended"
      >
        Its payment was refunded or disputed, so its proxies no longer work. If you think this is a mistake,
        write to support.
      </Alert>
    );
  if (status === 'expired')
    return (
      <Alert color="yellow" icon={<IconClockHour4 />} title="This plan has ended" data-testid="plan-expired">
        It ended{expiry ? ` on ${formatDateTime(expiry)}` : ''}. Its addresses are kept for you for a short
        while: renew it now to keep them.
      </Alert>
    );
  if (status === 'active' && expiry && new Date(expiry).getTime() - now < SOON_MS)
    return (
      <Alert color="blue" variant="light" icon={<IconClockHour4 />} data-testid="plan-ending">
        This plan ends on {formatDateTime(expiry)}. Renew it to keep the same proxies.
      </Alert>
    );
  return null;
};

/**
 * Renew: today's price of the same plan, as an order for the checkout (coupon allowed; src/app opens it); paid,
 * it extends this plan with its addresses, whitelist and name (issue #16 §5).
 */
export const RenewButton = ({
  planId,
  planName,
  variant = 'light',
  onOrder,
}: {
  planId: string;
  planName: string;
  variant?: 'light' | 'filled';
  onOrder: (order: Order) => void;
}) => {
  const access = useAccess();
  const quote = useMutation({
    mutationFn: () => call(invoiceEndpoints.renewQuote, { query: { plan_id: planId } }),
    onSuccess: ({ payload }) =>
      onOrder({
        title: payload.plan_name,
        price: payload.price,
        endpoint: invoiceEndpoints.renew,
        body: { plan_id: planId },
        balanceAllowed: access.data?.isReseller ?? false,
      }),
  });
  return (
    <>
      <Button
        size="xs"
        variant={variant}
        // Beside a long date on a figure card it keeps its width; the date wraps instead.
        style={{ flexShrink: 0 }}
        leftSection={<IconRefresh size={14} />}
        loading={quote.isPending}
        onClick={() => quote.mutate()}
        aria-label={`Renew ${planName}`}
      >
        Renew
      </Button>
      {quote.error && (
        <Text size="xs" c="red" role="alert">
          {quote.error.message}
        </Text>
      )}
    </>
  );
};

/**
 * Resellers only: the balance pays the next period a day before the end; when it could not, say so (the reseller
 * was mailed too).
 */
export const AutoRenewSwitch = ({
  plan,
}: {
  plan: { id: string; status: PlanStatus; auto_renew: boolean; auto_renew_failed: boolean };
}) => {
  const access = useAccess();
  const save = useSetAutoRenew();
  if (!access.data?.isReseller || plan.status !== 'active') return null;
  return (
    <>
      <Switch
        label="Auto-renew from balance"
        description="A day before this plan ends, your balance pays its next period: same plan, same proxies."
        checked={plan.auto_renew}
        disabled={save.isPending}
        onChange={(event) => save.mutate({ plan_id: plan.id, enabled: event.currentTarget.checked })}
      />
      {save.error && (
        <Text size="sm" c="red" role="alert">
          {save.error.message}
        </Text>
      )}
      {plan.auto_renew && plan.auto_renew_failed && (
        <Alert
          color="red"
          variant="light"
          title="Auto-renew could not be paid"
          data-testid="auto-renew-failed"
        >
          Your balance could not pay this plan&apos;s next period. Top up your balance, then renew it here.
        </Alert>
      )}
    </>
  );
};
