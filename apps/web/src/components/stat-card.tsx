import { Card, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** Text longer than a figure (a plan's name of the customer's own) is set smaller, so cards in a row stay level. */
const isWordy = (value: ReactNode) => typeof value === 'string' && value.length > 16;

/** A figure on a card: label, big value, small hint (DESIGN.md §7). */
export const StatCard = ({
  label,
  value,
  hint,
  icon,
  loading = false,
  action,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: ReactNode;
  loading?: boolean;
  action?: ReactNode;
}) => (
  <Card withBorder padding="lg" data-testid={`stat-${label.toLowerCase().replace(/\W+/g, '-')}`}>
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
        {icon}
      </ThemeIcon>
    </Group>
    {loading ? (
      <Skeleton height={32} width="60%" mt="xs" />
    ) : (
      <Group justify="space-between" align="center" wrap="nowrap" gap="xs" mt="xs">
        <Text fz={isWordy(value) ? 20 : 28} fw={700} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
        {action}
      </Group>
    )}
    {hint && (
      <Text size="xs" c="dimmed" mt={4}>
        {hint}
      </Text>
    )}
  </Card>
);
