import { useHydrated } from '../../lib/hydrated';
import { useAuthConfig } from './api/get-auth-config';

/**
 * The shop's support address (SUPPORT_URL, or a mail to SELLER_EMAIL), or null when it has none. Null while a
 * prerendered page hydrates too: the build draws it without the shop's configuration.
 */
export const useSupportUrl = (): string | null => {
  const url = useAuthConfig().data?.supportUrl ?? null;
  return useHydrated() ? url : null;
};
