import { Alert, Anchor } from '@mantine/core';
import { IconClockPause } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useProductDashboard } from '../proxies/api/proxies';

/** Products whose plans wait for an IP before they work, and where to activate them. */
const ACTIVATION_PAGES = [
  { code: 'PR_4', name: 'Datacenter', to: '/product/datacenter' },
  { code: 'PR_5', name: 'IPv6', to: '/product/ipv6' },
  { code: 'PR_6', name: 'Premium Residential', to: '/product/premium-residential' },
] as const;

/** While any plan waits for activation (issue #19), the dashboard says so and links to where to do it. */
export const PendingActivationBanner = () => {
  const { data } = useProductDashboard();
  const pending = ACTIVATION_PAGES.filter((p) => data?.[p.code]?.isPendingPlan);
  const first = pending[0] ?? ACTIVATION_PAGES[0];
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconClockPause />}
      title="A plan is waiting for activation"
      data-testid="pending-activation"
    >
      Whitelist the IP you connect from to start using it.{' '}
      <Anchor component={Link} to={first.to} fw={600} c="inherit" underline="always">
        Activate your {first.name} plan
      </Anchor>
    </Alert>
  );
};
