import { Alert, Anchor } from '@mantine/core';
import { PRODUCT_NAMES, PRODUCT_PAGES } from '@proxydesk/contract';
import { IconClockPause } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMyPlans } from './api/get-my-plans';

/**
 * While any plan waits for activation (issue #19), the dashboard says so and links to where to do it: the first
 * such plan's product page, from the plan list the dashboard draws anyway (no call of its own to wait for).
 */
export const PendingActivationBanner = () => {
  const { data } = useMyPlans();
  const product = data?.find((plan) => plan.status === 'pending')?.product ?? 'PR_4';
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconClockPause />}
      title="A plan is waiting for activation"
      data-testid="pending-activation"
    >
      Whitelist the IP you connect from to start using it.{' '}
      <Anchor component={Link} to={PRODUCT_PAGES[product]} fw={600} c="inherit" underline="always">
        Activate your {PRODUCT_NAMES[product]} plan
      </Anchor>
    </Alert>
  );
};
