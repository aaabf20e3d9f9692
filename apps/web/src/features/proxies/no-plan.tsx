import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

/** A product page without a plan: what is missing and the way to buy one (DESIGN.md §7 empty states). */
export const NoPlan = ({ what, purchasePath }: { what: string; purchasePath: string }) => (
  <Card withBorder padding="lg" data-testid="no-plan">
    <Group justify="space-between" gap="md">
      <Stack gap={2}>
        <Text fw={600}>You have no active {what} plan yet</Text>
        <Text size="sm" c="dimmed">
          Buy one and its proxies appear here as soon as it is paid.
        </Text>
      </Stack>
      <Button component={Link} to={purchasePath}>
        See {what} plans
      </Button>
    </Group>
  </Card>
);
