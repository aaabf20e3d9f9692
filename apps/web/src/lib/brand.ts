import { useContext, useEffect } from 'react';
import { ServerPageContext } from './server-page';

/**
 * Pages rendered at build time (src/prerender.tsx) carry these placeholders; the server fills them from
 * BRAND_NAME, as it fills index.html's.
 */
export const BRAND_PLACEHOLDER = '__BRAND_NAME__';
export const BRAND_INITIAL_PLACEHOLDER = '__BRAND_INITIAL__';

const rendering = typeof document === 'undefined';

/** The shop's name, filled into index.html by the server from BRAND_NAME. */
export const brandName = (): string => {
  if (rendering) return BRAND_PLACEHOLDER;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content;
  return meta && meta !== BRAND_PLACEHOLDER ? meta : 'ProxyDesk';
};

/** The brand's first letter, for the mark. */
export const brandInitial = (): string => (rendering ? BRAND_INITIAL_PLACEHOLDER : brandName().charAt(0));

/** Every screen sets the page title to the product name (SPEC.md §2): "Screen · Brand". */
export const usePageTitle = (screen?: string): void => {
  useContext(ServerPageContext)?.reportScreen(screen);
  useEffect(() => {
    document.title = screen ? `${screen} · ${brandName()}` : brandName();
  }, [screen]);
};
