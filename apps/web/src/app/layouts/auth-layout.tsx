import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PageFrame } from '../../components/page-frame';

/** Logged-out pages: one centred card on a quiet background (DESIGN.md §7). */
export const AuthLayout = () => (
  <PageFrame>
    <Outlet />
  </PageFrame>
);

/** The card every logged-out screen sits in. */
export const AuthCard = ({
  title,
  subtitle,
  children,
  wide = false,
  testId,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  wide?: boolean;
  testId?: string;
}) => (
  <Card w="100%" maw={wide ? 720 : 420} shadow="md" p={{ base: 'lg', sm: 'xl' }} data-testid={testId}>
    <Stack gap={4} mb="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      {subtitle && (
        <Text c="dimmed" size="sm">
          {subtitle}
        </Text>
      )}
    </Stack>
    {children}
  </Card>
);
