import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/brand';

export const NotFoundPage = () => {
  usePageTitle('Page not found');
  return (
    <Center py="xl" data-testid="not-found">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed">There is nothing at this address.</Text>
        <Button component={Link} to="/" variant="light">
          Go home
        </Button>
      </Stack>
    </Center>
  );
};
