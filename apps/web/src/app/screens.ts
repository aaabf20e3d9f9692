import { loader } from '../lib/lazy-page';

/**
 * The signed-in screens' chunks, each loaded once: the router draws them lazily, the menu asks for them ahead of
 * a click (app/prefetch.ts). One place for each chunk's address, so both ask for the same file; each loader keeps
 * its module, so a screen already loaded draws at once.
 */
export const screens = {
  dashboard: loader(() => import('./pages/dashboard')),
  settings: loader(() => import('./pages/settings')),
  purchase: loader(() => import('./pages/purchase')),
  invoices: loader(() => import('./pages/invoices')),
  pricing: loader(() => import('./pages/pricing')),
  balance: loader(() => import('./pages/balance')),
  productIp: loader(() => import('./pages/product-ip')),
  productGb: loader(() => import('./pages/product-gb')),
  proxyGenerator: loader(() => import('./pages/proxy-generator')),
  faqs: loader(() => import('./pages/faqs')),
};

/** Which screen draws a menu address (the routes in app/router.tsx). */
const screenAt: [RegExp, keyof typeof screens][] = [
  [/^\/$/, 'dashboard'],
  [/^\/settings$/, 'settings'],
  [/^\/purchase\//, 'purchase'],
  [/^\/invoices?(\/|$)/, 'invoices'],
  [/^\/pricing$/, 'pricing'],
  [/^\/balance$/, 'balance'],
  [/^\/product\/(datacenter|ipv6)$/, 'productIp'],
  [/^\/product\//, 'productGb'],
  [/^\/proxy$/, 'proxyGenerator'],
  [/^\/faqs$/, 'faqs'],
];

export const screenFor = (path: string) => {
  const found = screenAt.find(([pattern]) => pattern.test(path));
  return found ? screens[found[1]] : undefined;
};
