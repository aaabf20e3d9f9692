import {
  Badge,
  Button,
  Card,
  Group,
  Progress,
  Skeleton,
  Stack,
  Text,
  Title,
  type ButtonProps,
} from '@mantine/core';
import { PLAN_ACTIONS, PRODUCT_NAMES, PRODUCT_PAGES, type CustomerPlanSummary } from '@proxydesk/contract';
import { IconArrowRight, IconPlayerPlay, IconPlus, IconRefresh } from '@tabler/icons-react';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryError } from '../../components/query-error';
import { formatDate } from '../../lib/format';
import { useMyPlans } from './api/get-my-plans';
import classes from './plan-list.module.css';

const STATUS = {
  pending: { label: 'Waiting for activation', color: 'yellow' },
  active: { label: 'Active', color: 'teal' },
  expired: { label: 'Ended', color: 'red' },
} as const;

/**
 * The two next steps that buy, Renew (features/proxies) and Buy more GB (features/purchase), each with its
 * checkout (features/billing): src/app composes them and hands them in (app/plan-buttons.ts).
 */
export interface PlanBuyButtons {
  RenewButton: ComponentType<{ planId: string; planName: string; variant: 'filled' }>;
  BuyMoreGbButton: ComponentType<
    ButtonProps & { product: string; children: ReactNode; 'aria-label': string }
  >;
}

/** Most urgent first: what waits for the customer comes before what simply runs. */
const byUrgency = (a: CustomerPlanSummary, b: CustomerPlanSummary) =>
  PLAN_ACTIONS.indexOf(a.action) - PLAN_ACTIONS.indexOf(b.action);

/** Every plan that runs, waits for activation or may still be renewed, with its one next step (issue #19). */
export const PlanList = ({ buttons }: { buttons: PlanBuyButtons }) => {
  const plans = useMyPlans();
  if (plans.error) return <QueryError query={plans} title="Could not load your plans" />;
  if (plans.isPending) return <Skeleton height={132} radius="md" />;
  if (plans.data.length === 0)
    return (
      <BuyPlanCard
        testId="no-current-plan"
        title="None of your plans is running"
        text="They have ended: buy a new one and its proxies are ready as soon as it is paid."
      />
    );
  return (
    <Card withBorder padding={0} data-testid="my-plans">
      <Group justify="space-between" px="lg" pt="md" pb="xs">
        <Title order={2} size="h4">
          Your plans
        </Title>
        <Text size="sm" c="dimmed">
          {plans.data.length} plan{plans.data.length === 1 ? '' : 's'}
        </Text>
      </Group>
      <div role="list" aria-label="Your plans">
        {[...plans.data].sort(byUrgency).map((plan) => (
          <PlanRow key={plan.id} plan={plan} buttons={buttons} />
        ))}
      </div>
    </Card>
  );
};

/** The way to the plans when the customer has none running (a new customer's first, or after they ended). */
export const BuyPlanCard = ({ testId, title, text }: { testId: string; title: string; text: string }) => (
  <Card withBorder padding="lg" data-testid={testId}>
    <Group justify="space-between" gap="md">
      <Stack gap={2}>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </Stack>
      <Button component={Link} to="/purchase/datacenter">
        See the plans
      </Button>
    </Group>
  </Card>
);

const PlanRow = ({ plan, buttons }: { plan: CustomerPlanSummary; buttons: PlanBuyButtons }) => {
  const status = STATUS[plan.status];
  return (
    <div className={classes.row} role="listitem" data-testid="plan-row" data-plan={plan.id}>
      <Stack gap={4} className={classes.name}>
        <Text fw={600} truncate="end">
          {plan.plan_name}
        </Text>
        <Group gap={8}>
          <Text size="sm" c="dimmed">
            {PRODUCT_NAMES[plan.product]}
          </Text>
          <Badge size="sm" variant="light" color={status.color}>
            {status.label}
          </Badge>
        </Group>
      </Stack>
      <div className={classes.usage}>
        <PlanUsage plan={plan} />
      </div>
      <Text size="sm" c="dimmed" className={classes.ends}>
        {plan.expiry_date
          ? `${plan.status === 'expired' ? 'Ended' : 'Ends'} ${formatDate(plan.expiry_date)}`
          : 'Starts when activated'}
      </Text>
      <div className={classes.action}>
        <PlanActionButton plan={plan} buttons={buttons} />
      </div>
    </div>
  );
};

/** Data used of a per-GB plan, or IPs whitelisted of an IP plan, as a bar with its figures. */
const PlanUsage = ({ plan }: { plan: CustomerPlanSummary }) => {
  const [used, of, unit] =
    plan.data_gb !== null
      ? [plan.used_gb ?? 0, plan.data_gb, 'GB']
      : [plan.ips_used ?? 0, plan.ip_amount ?? 0, 'IPs whitelisted'];
  const share = of > 0 ? Math.min(100, (used / of) * 100) : 0;
  const text = unit === 'GB' ? `${used.toFixed(2)} / ${of.toFixed(2)} GB used` : `${used} / ${of} ${unit}`;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {text}
      </Text>
      <Progress
        value={share}
        size="sm"
        color={unit === 'GB' && share >= 80 ? 'orange' : 'indigo'}
        aria-label={`${plan.plan_name}: ${text}`}
      />
    </Stack>
  );
};

// Renew and Buy more GB come lazily (they bring the checkout, the catalogue and the invoice schemas): until
// they are in, a disabled button of the same size holds their place.
const Arriving = ({ children, icon }: { children: string; icon: ReactNode }) => (
  <Button size="xs" leftSection={icon} disabled style={{ flexShrink: 0 }}>
    {children}
  </Button>
);

const PlanActionButton = ({ plan, buttons }: { plan: CustomerPlanSummary; buttons: PlanBuyButtons }) => {
  const { RenewButton, BuyMoreGbButton } = buttons;
  const page = PRODUCT_PAGES[plan.product];
  switch (plan.action) {
    case 'activate':
      return (
        <Button
          component={Link}
          to={`${page}?activate=${encodeURIComponent(plan.id)}`}
          size="xs"
          leftSection={<IconPlayerPlay size={14} />}
        >
          Activate
        </Button>
      );
    case 'renew':
      return (
        <Suspense fallback={<Arriving icon={<IconRefresh size={14} />}>Renew</Arriving>}>
          <RenewButton planId={plan.id} planName={plan.plan_name} variant="filled" />
        </Suspense>
      );
    case 'buy_gb':
      return (
        <Suspense fallback={<Arriving icon={<IconPlus size={14} />}>Buy more GB</Arriving>}>
          <BuyMoreGbButton
            product={plan.product}
            size="xs"
            leftSection={<IconPlus size={14} />}
            aria-label={`Buy more GB for ${plan.plan_name}`}
          >
            Buy more GB
          </BuyMoreGbButton>
        </Suspense>
      );
    case 'get_proxies':
      return (
        <Button
          component={Link}
          to={page}
          size="xs"
          variant="light"
          rightSection={<IconArrowRight size={14} />}
        >
          Get proxies
        </Button>
      );
  }
};
