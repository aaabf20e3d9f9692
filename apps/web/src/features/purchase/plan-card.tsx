import { Badge, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { durationLabel, type Plan } from '@proxydesk/contract';
import { IconCheck } from '@tabler/icons-react';
import { formatEuro } from '../../lib/format';
import { cardPrice, featureLines } from './plan-figures';

/** The plan's size (IPs or GB) as a badge, unless its name already says it. */
const sizeBadge = (plan: Plan): string | null => {
  const size =
    plan.ipAmount !== null ? `${plan.ipAmount} IPs` : plan.data !== null ? `${plan.data} GB` : null;
  return size && !plan.name.includes(size) ? size : null;
};

export const PlanCard = ({ plan, onBuy }: { plan: Plan; onBuy: (plan: Plan) => void }) => (
  <Card withBorder padding="lg" data-testid="plan-card">
    <Stack gap="sm" h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={3} size="h4">
          {plan.name}
        </Title>
        {sizeBadge(plan) && (
          <Badge variant="light" tt="none" style={{ flexShrink: 0 }}>
            {sizeBadge(plan)}
          </Badge>
        )}
      </Group>
      <Group gap={6} align="baseline">
        <Text fz={30} fw={700} lh={1}>
          {formatEuro(cardPrice(plan))}
        </Text>
        <Text c="dimmed" size="sm">
          / {durationLabel(plan.duration)}
        </Text>
      </Group>
      {(plan.type === 'PR_2' || plan.type === 'PR_6') && (
        <Text size="xs" c="dimmed">
          {formatEuro(plan.price)} per GB
        </Text>
      )}
      <List
        spacing={6}
        size="sm"
        icon={
          <ThemeIcon size={18} radius="xl" variant="light" aria-hidden>
            <IconCheck size={12} />
          </ThemeIcon>
        }
        style={{ flexGrow: 1 }}
      >
        {featureLines(plan.type).map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
      <Button fullWidth onClick={() => onBuy(plan)}>
        Buy Now
      </Button>
    </Stack>
  </Card>
);
