import { Navigate, useLocation } from 'react-router';
import { ConfirmForm } from '../../features/auth/confirm-form';
import { pendingEmail } from '../../features/auth/pending-email';
import { usePageTitle } from '../../lib/brand';
import { useHydrated } from '../../lib/hydrated';
import { AuthCard } from '../layouts/auth-layout';
import { useSupportContact } from '../use-support-contact';

/**
 * The code mailed for a sign-up or a two-factor sign-in; without a stored e-mail there is nothing to confirm.
 * Drawn at build time without the address, which lives in this browser's storage: it is filled in once hydrated.
 */
export const ConfirmPage = () => {
  const hydrated = useHydrated();
  const state = useLocation().state as { signIn?: boolean } | null;
  const signIn = hydrated && state?.signIn === true;
  usePageTitle(signIn ? 'Sign-in code' : 'Confirm your e-mail');
  const support = useSupportContact();
  const email = hydrated ? pendingEmail() : '';
  if (email === null) return <Navigate to="/" replace />;
  return (
    <AuthCard
      title={signIn ? 'Enter your sign-in code' : 'Check your e-mail'}
      subtitle={
        signIn
          ? 'Two-factor authentication is on: enter the 6-digit code we e-mailed you to sign in.'
          : 'Enter the 6-digit code we sent you to confirm your address.'
      }
      testId="confirm-page"
    >
      <ConfirmForm email={email} signIn={signIn} support={support} />
    </AuthCard>
  );
};
