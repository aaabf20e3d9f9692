import { Card, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A card of the settings page: its title, a dimmed line on what it is for, then what it holds. */
export const SettingsCard = ({
  title,
  intro,
  testId,
  children,
}: {
  title: string;
  intro: ReactNode;
  testId?: string;
  children: ReactNode;
}) => (
  <Card withBorder padding="lg" data-testid={testId}>
    <Title order={3} size="h4" mb={4}>
      {title}
    </Title>
    <Text size="sm" c="dimmed" mb="md">
      {intro}
    </Text>
    {children}
  </Card>
);
