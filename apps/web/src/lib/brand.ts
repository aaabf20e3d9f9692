import { useEffect } from 'react';

/** The shop's name, filled into index.html by the server from BRAND_NAME. */
export const brandName = (): string => {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content;
  return meta && meta !== '__BRAND_NAME__' ? meta : 'ProxyDesk';
};

/** Every screen sets the page title to the product name (SPEC.md §2): "Screen · Brand". */
export const usePageTitle = (screen?: string): void => {
  useEffect(() => {
    document.title = screen ? `${screen} · ${brandName()}` : brandName();
  }, [screen]);
};
