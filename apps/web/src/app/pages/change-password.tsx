import { Navigate } from 'react-router';
import { pendingEmail } from '../../features/auth/pending-email';
import { ResetForm } from '../../features/auth/reset-form';
import { usePageTitle } from '../../lib/brand';
import { AuthCard } from '../layouts/auth-layout';
import { useSupportContact } from '../use-support-contact';

/** Without a stored e-mail, back to /forgot-password (DESIGN.md §3). */
export const ChangePasswordPage = () => {
  usePageTitle('Choose a new password');
  const support = useSupportContact();
  const email = pendingEmail();
  if (!email) return <Navigate to="/forgot-password" replace />;
  return (
    <AuthCard title="Choose a new password" testId="change-password-page">
      <ResetForm email={email} support={support} />
    </AuthCard>
  );
};
