/**
 * The signed-in screens' chunks, each loaded once: the router draws them lazily, the menu asks for them ahead of
 * a click (app/prefetch.ts). One place for each chunk's address, so both ask for the same file.
 */
export const screens = {
  dashboard: () => import('./pages/dashboard'),
  settings: () => import('./pages/settings'),
  purchase: () => import('./pages/purchase'),
  invoices: () => import('./pages/invoices'),
  pricing: () => import('./pages/pricing'),
  balance: () => import('./pages/balance'),
  productIp: () => import('./pages/product-ip'),
  productGb: () => import('./pages/product-gb'),
  proxyGenerator: () => import('./pages/proxy-generator'),
  faqs: () => import('./pages/faqs'),
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
