import { offersSocialSignIn, providerButtons } from '../features/auth/social-sign-in';
import type { Boot } from '../lib/boot';
import { loader } from '../lib/lazy-page';

/**
 * The logged-out screens the build draws to HTML (src/prerender.tsx), by that page's name, which the page
 * carries (`data-screen`).
 */
export const guestScreens = {
  'sign-in': loader(() => import('./pages/sign-in')),
  'sign-up': loader(() => import('./pages/sign-up')),
  'forgot-password': loader(() => import('./pages/forgot-password')),
  confirm: loader(() => import('./pages/confirm')),
  pricing: loader(() => import('./pages/public-pricing')),
  maintenance: loader(() => import('../features/content/maintenance-page')),
};

/**
 * What a page the build drew needs before it is hydrated: its screen's chunk, and the Google and Discord buttons
 * where the shop offers them. src/main.tsx waits for them, so that hydration is one pass and the page is live,
 * handlers and all, when it is done.
 */
export const loadGuestPage = (name: string | undefined, boot: Boot | null): Promise<unknown> =>
  Promise.all([
    name !== undefined && Object.hasOwn(guestScreens, name)
      ? guestScreens[name as keyof typeof guestScreens]()
      : undefined,
    boot && offersSocialSignIn(boot.authConfig) ? providerButtons() : undefined,
  ]);
