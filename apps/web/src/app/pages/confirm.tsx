import { Navigate } from 'react-router';
import { ConfirmForm } from '../../features/auth/confirm-form';
import { pendingEmail } from '../../features/auth/pending-email';
import { usePageTitle } from '../../lib/brand';
import { useHydrated } from '../../lib/hydrated';
import { AuthCard } from '../layouts/auth-layout';

/**
 * The code mailed for a sign-up or a two-factor sign-in; without a stored e-mail there is nothing to confirm.
 * Drawn at build time without the address, which lives in this browser's storage: it is filled in once hydrated.
 */
export const ConfirmPage = () => {
  usePageTitle('Confirm your e-mail');
  const hydrated = useHydrated();
  const email = hydrated ? pendingEmail() : '';
  if (email === null) return <Navigate to="/" replace />;
  return (
    <AuthCard title="Check your e-mail" subtitle="Enter the 6-digit code we sent you." testId="confirm-page">
      <ConfirmForm email={email} />
    </AuthCard>
  );
};
