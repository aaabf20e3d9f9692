import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ComingSoon } from '../../components/coming-soon';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../lib/brand';
import { AuthCard } from '../layouts/auth-layout';

/** A logged-in screen that an upcoming release builds. */
export const ComingSoonPage = ({ title }: { title: string }) => (
  <>
    <PageHeader title={title} />
    <ComingSoon what={title} />
  </>
);

/** A logged-out screen that an upcoming release builds. */
export const AuthComingSoonPage = ({ title }: { title: string }) => {
  usePageTitle(title);
  return (
    <AuthCard title={title} testId="coming-soon">
      <Text c="dimmed" size="sm" mb="md">
        This screen arrives in an upcoming release.
      </Text>
      <Anchor component={Link} to="/" size="sm">
        Back to sign in
      </Anchor>
    </AuthCard>
  );
};
