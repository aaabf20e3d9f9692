import { SignUpForm } from '../../features/auth/sign-up-form';
import { usePageTitle } from '../../lib/brand';
import { AuthCard } from '../layouts/auth-layout';

export const SignUpPage = () => {
  usePageTitle('Create an account');
  return (
    <AuthCard title="Create an account" subtitle="Proxies in minutes: we only need a confirmed e-mail." testId="sign-up-page">
      <SignUpForm />
    </AuthCard>
  );
};
