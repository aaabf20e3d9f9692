import { SignUpForm } from '../../features/auth/sign-up-form';
import { usePageTitle } from '../../lib/brand';
import { AuthCard } from '../layouts/auth-layout';

export const SignUpPage = () => {
  usePageTitle('Create an account');
  return (
    <AuthCard
      title="Create an account"
      subtitle="Proxies in minutes: all we need is an address we can confirm."
      testId="sign-up-page"
    >
      <SignUpForm />
    </AuthCard>
  );
};
