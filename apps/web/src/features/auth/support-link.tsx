import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
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

/** `children` as a link to the shop's support when it has one, else as plain text. */
export const SupportLink = ({ children }: { children: ReactNode }) => {
  const url = useSupportUrl();
  if (!url) return <>{children}</>;
  return (
    <Anchor
      href={url}
      inherit
      underline="always"
      {...(url.startsWith('mailto:') ? {} : { target: '_blank' })}
    >
      {children}
    </Anchor>
  );
};
