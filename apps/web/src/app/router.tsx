import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { AuthLayout } from './layouts/auth-layout';

/** Lazy route helpers: each screen is its own chunk. */
const soon = (path: string, title: string): RouteObject => ({
  path,
  lazy: async () => {
    const { ComingSoonPage } = await import('./pages/coming-soon');
    return { Component: () => <ComingSoonPage title={title} /> };
  },
});
const authSoon = (path: string, title: string): RouteObject => ({
  path,
  lazy: async () => {
    const { AuthComingSoonPage } = await import('./pages/coming-soon');
    return { Component: () => <AuthComingSoonPage title={title} /> };
  },
});
const notFound: RouteObject = {
  path: '*',
  lazy: async () => ({ Component: (await import('./pages/not-found')).NotFoundPage }),
};

/** Logged-out screens (SPEC.md §2). */
const guestRoutes: RouteObject[] = [
  {
    Component: AuthLayout,
    HydrateFallback: LoadingScreen,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./pages/sign-in')).SignInPage }) },
      { path: 'login', lazy: async () => ({ Component: (await import('./pages/sign-in')).SignInPage }) },
      {
        path: 'faqs',
        lazy: async () => ({ Component: (await import('./pages/public-faqs')).PublicFaqsPage }),
      },
      authSoon('signup', 'Create an account'),
      authSoon('forgot-password', 'Forgot password'),
      authSoon('change-password', 'Choose a new password'),
      authSoon('confirm-authentication', 'Confirm your e-mail'),
      authSoon('discord/callback', 'Signing in with Discord'),
      notFound,
    ],
  },
];

/** Logged-in screens (SPEC.md §2 navigation). */
const appRoutes: RouteObject[] = [
  {
    // Shown while the first lazy chunks arrive: the loading screen simply stays a moment longer.
    HydrateFallback: LoadingScreen,
    lazy: async () => ({ Component: (await import('./layouts/app-layout')).AppLayout }),
    children: [
      soon('/', 'Dashboard'),
      soon('product/datacenter', 'Datacenter'),
      soon('product/premium-residential', 'Premium Residential'),
      soon('product/isp', 'ISP'),
      soon('product/ipv6', 'IPv6'),
      soon('purchase/datacenter', 'Buy Datacenter'),
      soon('purchase/premium-residential', 'Buy Premium Residential'),
      soon('purchase/isp', 'Buy ISP'),
      soon('purchase/ipv6', 'Buy IPv6'),
      soon('balance', 'Balance'),
      soon('invoices', 'Invoices'),
      soon('invoice/:invoiceId', 'Invoice'),
      soon('pricing', 'Pricing'),
      soon('proxy', 'Proxy generator'),
      soon('settings', 'Account Settings'),
      { path: 'faqs', lazy: async () => ({ Component: (await import('./pages/faqs')).FaqsPage }) },
      notFound,
    ],
  },
];

/** The route tree for who is signed in, under `/4` while the shop is in maintenance (SPEC.md §2). */
export const createAppRouter = (signedIn: boolean, basename?: string) =>
  createBrowserRouter(signedIn ? appRoutes : guestRoutes, basename ? { basename } : {});
