import { Suspense } from 'react';
import { page } from '../../lib/lazy-page';
import { useAuthConfig } from './api/get-auth-config';
import { offersSocialSignIn, providerButtons } from './social-sign-in';

const ProviderButtons = page(providerButtons, 'ProviderButtons');

/**
 * "Continue with Google / Discord", only for the providers the shop has configured. The buttons come in a chunk
 * of their own, which a page the build drew for such a shop has before it hydrates (app/guest-screens.ts), so
 * the sign-in page of a shop without them does not carry them (ADR 003).
 */
export const SocialButtons = ({ referee = null }: { referee?: string | null }) => {
  const { data: config } = useAuthConfig();
  if (!config || !offersSocialSignIn(config)) return null;
  return (
    <Suspense fallback={null}>
      <ProviderButtons config={config} referee={referee} />
    </Suspense>
  );
};
