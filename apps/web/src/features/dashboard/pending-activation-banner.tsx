import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { PRODUCT_NAMES, PRODUCT_PAGES } from '@proxydesk/contract';
import { IconClockPause, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMyPlans } from './api/get-my-plans';

/**
 * While plans wait for activation (issue #19), the dashboard lists every one of them (issue #33 item 3), each
 * with its own Activate: its product page opens the Activate dialog for exactly that plan (`?activate=<id>`).
 * From the plan list the dashboard draws anyway: no call of its own to wait for.
 */
export const PendingActivationBanner = () => {
  const { data } = useMyPlans();
  const waiting = (data ?? []).filter((plan) => plan.status === 'pending');
  if (waiting.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconClockPause />}
      title={
        waiting.length === 1
          ? 'A plan is waiting for activation'
          : `${waiting.length} plans are waiting for activation`
      }
      data-testid="pending-activation"
    >
      <Stack gap="xs">
        <Text size="sm">
          Whitelist the IP you connect from to start using {waiting.length === 1 ? 'it' : 'each'}.
        </Text>
        {waiting.map((plan) => (
          <Group key={plan.id} justify="space-between" gap="sm" wrap="nowrap" data-testid="pending-plan">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span fw={600} inherit>
                {plan.plan_name}
              </Text>{' '}
              · {PRODUCT_NAMES[plan.product]}
            </Text>
            <Button
              component={Link}
              to={`${PRODUCT_PAGES[plan.product]}?activate=${encodeURIComponent(plan.id)}`}
              size="xs"
              leftSection={<IconPlayerPlay size={14} />}
              aria-label={`Activate ${plan.plan_name}`}
              style={{ flexShrink: 0 }}
            >
              Activate
            </Button>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
};
