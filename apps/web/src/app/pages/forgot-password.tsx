import { ForgotForm } from '../../features/auth/forgot-form';
import { usePageTitle } from '../../lib/brand';
import { AuthCard } from '../layouts/auth-layout';

export const ForgotPasswordPage = () => {
  usePageTitle('Forgot password');
  return (
    <AuthCard
      title="Forgot password"
      subtitle="We will e-mail you a code to choose a new one."
      testId="forgot-page"
    >
      <ForgotForm />
    </AuthCard>
  );
};
