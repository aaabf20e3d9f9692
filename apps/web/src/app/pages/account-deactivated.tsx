import { Anchor, Group, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ReachSupportButton } from '../../components/reach-support';
import { usePageTitle } from '../../lib/brand';
import { AuthCard } from '../layouts/auth-layout';
import { useSupportContact } from '../use-support-contact';

/** Where a customer lands after deactivating (issue #19): what happened, and how to come back. */
export const AccountDeactivatedPage = () => {
  usePageTitle('Account deactivated');
  const support = useSupportContact();
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
        <Text size="sm" data-testid="come-back">
          Changed your mind? {support ? 'Support' : 'The shop'} can turn the account on again, with your plans
          as they were{support ? ': reach them below and give your username.' : '.'}
        </Text>
        <Group justify="space-between" gap="sm">
          {support && <ReachSupportButton contact={support} />}
          <Anchor component={Link} to="/" size="sm">
            Back to sign in
          </Anchor>
        </Group>
      </Stack>
    </AuthCard>
  );
};
