import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { AuthLayout } from './layouts/auth-layout';

/**
 * Each screen is its own chunk, loaded when first shown. React Router's declarative mode with
 * `React.lazy` keeps the data router (which this app does not use) out of the first load.
 */
const page = <P extends object, K extends string>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

const SignInPage = page(() => import('./pages/sign-in'), 'SignInPage');
const PublicFaqsPage = page(() => import('./pages/public-faqs'), 'PublicFaqsPage');
const FaqsPage = page(() => import('./pages/faqs'), 'FaqsPage');
const NotFoundPage = page(() => import('./pages/not-found'), 'NotFoundPage');
const AppLayout = page(() => import('./layouts/app-layout'), 'AppLayout');
const ComingSoonPage = page(() => import('./pages/coming-soon'), 'ComingSoonPage');
const AuthComingSoonPage = page(() => import('./pages/coming-soon'), 'AuthComingSoonPage');

/** Logged-out screens (SPEC.md §2). */
const guestRoutes = (
  <Route element={<AuthLayout />}>
    <Route index element={<SignInPage />} />
    <Route path="login" element={<SignInPage />} />
    <Route path="faqs" element={<PublicFaqsPage />} />
    <Route path="signup" element={<AuthComingSoonPage title="Create an account" />} />
    <Route path="forgot-password" element={<AuthComingSoonPage title="Forgot password" />} />
    <Route path="change-password" element={<AuthComingSoonPage title="Choose a new password" />} />
    <Route path="confirm-authentication" element={<AuthComingSoonPage title="Confirm your e-mail" />} />
    <Route path="discord/callback" element={<AuthComingSoonPage title="Signing in with Discord" />} />
    <Route path="*" element={<NotFoundPage />} />
  </Route>
);

/** Logged-in screens (SPEC.md §2 navigation) and what each is called until it is built. */
const upcoming: [path: string, title: string][] = [
  ['/', 'Dashboard'],
  ['product/datacenter', 'Datacenter'],
  ['product/premium-residential', 'Premium Residential'],
  ['product/isp', 'ISP'],
  ['product/ipv6', 'IPv6'],
  ['purchase/datacenter', 'Buy Datacenter'],
  ['purchase/premium-residential', 'Buy Premium Residential'],
  ['purchase/isp', 'Buy ISP'],
  ['purchase/ipv6', 'Buy IPv6'],
  ['balance', 'Balance'],
  ['invoices', 'Invoices'],
  ['invoice/:invoiceId', 'Invoice'],
  ['pricing', 'Pricing'],
  ['proxy', 'Proxy generator'],
  ['settings', 'Account Settings'],
];

const appRoutes = (
  <Route element={<AppLayout />}>
    {upcoming.map(([path, title]) => (
      <Route key={path} path={path} element={<ComingSoonPage title={title} />} />
    ))}
    <Route path="faqs" element={<FaqsPage />} />
    <Route path="*" element={<NotFoundPage />} />
  </Route>
);

/** The route tree for who is signed in, under `/4` while the shop is in maintenance (SPEC.md §2). */
export const AppRouter = ({ signedIn, basename }: { signedIn: boolean; basename?: string | undefined }) => (
  <BrowserRouter {...(basename ? { basename } : {})}>
    {/* Shown while the first chunks arrive: the loading screen simply stays a moment longer. */}
    <Suspense fallback={<LoadingScreen />}>
      <Routes>{signedIn ? appRoutes : guestRoutes}</Routes>
    </Suspense>
  </BrowserRouter>
);
