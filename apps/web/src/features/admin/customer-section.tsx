import { Card, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A card of a customer's page: its title over `children`. Given an `aside` (a button, a badge; even one drawn
 * only for operators), the title shares its row with it.
 */
export const CustomerSection = ({
  title,
  aside,
  testId,
  mt,
  children,
}: {
  title: string;
  aside?: ReactNode;
  testId?: string;
  mt?: 'lg';
  children: ReactNode;
}) => (
  <Card withBorder padding="lg" mt={mt} data-testid={testId}>
    {aside === undefined ? (
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
    ) : (
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {aside}
      </Group>
    )}
    {children}
  </Card>
);
