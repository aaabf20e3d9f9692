import { Anchor, Divider, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SignInForm } from '../../features/auth/sign-in-form';
import { usePageTitle } from '../../lib/brand';
import { AuthCard } from '../layouts/auth-layout';

export const SignInPage = () => {
  usePageTitle('Sign in');
  return (
    <AuthCard title="Sign in" subtitle="Welcome back. Sign in to manage your proxies." testId="sign-in-page">
      <SignInForm />
      <Divider my="lg" />
      <Text size="sm" ta="center" c="dimmed">
        Questions before you start?{' '}
        <Anchor component={Link} to="/faqs" underline="always">
          Read the FAQs
        </Anchor>
      </Text>
    </AuthCard>
  );
};
