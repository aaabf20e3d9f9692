import { Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useSupportUrl } from '../../features/auth/support-link';
import { usePageTitle } from '../../lib/brand';
import { AuthCard } from '../layouts/auth-layout';

/** Where a customer lands after deactivating (issue #19): what happened, and how to come back. */
export const AccountDeactivatedPage = () => {
  usePageTitle('Account deactivated');
  const supportUrl = useSupportUrl();
  return (
    <AuthCard
      title="Your account is deactivated"
      subtitle="You asked us to close it, and it is done."
      testId="deactivated-page"
    >
      <Stack gap="md">
        <List size="sm" spacing={6}>
          <List.Item>You are signed out on every device, and the account can no longer sign in.</List.Item>
          <List.Item>Your proxies have stopped working.</List.Item>
          <List.Item>Your invoices and plans stay on record.</List.Item>
        </List>
        <Text size="sm">
          Changed your mind? Support can turn the account on again, with your plans as they were.
          {supportUrl ? '' : ' Write to us through the live chat and give your username.'}
        </Text>
        <Group justify="space-between" gap="sm">
          {supportUrl && (
            <Button component="a" href={supportUrl}>
              Contact support
            </Button>
          )}
          <Anchor component={Link} to="/" size="sm">
            Back to sign in
          </Anchor>
        </Group>
      </Stack>
    </AuthCard>
  );
};
