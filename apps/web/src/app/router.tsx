import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { AuthLayout } from './layouts/auth-layout';
import type { ServerPage } from '../lib/server-page';
import { page } from '../lib/lazy-page';
import { guestScreens } from './guest-screens';
import { loadSignedInRoutes } from './signed-in-chunks';

const SignInPage = page(guestScreens['sign-in'], 'SignInPage');
const PublicPricingPage = page(guestScreens.pricing, 'PublicPricingPage');
const PublicFaqsPage = page(() => import('./pages/public-faqs'), 'PublicFaqsPage');
const SignUpPage = page(guestScreens['sign-up'], 'SignUpPage');
const ConfirmPage = page(guestScreens.confirm, 'ConfirmPage');
const AccountDeactivatedPage = page(() => import('./pages/account-deactivated'), 'AccountDeactivatedPage');
const ForgotPasswordPage = page(guestScreens['forgot-password'], 'ForgotPasswordPage');
const ChangePasswordPage = page(() => import('./pages/change-password'), 'ChangePasswordPage');
const GoogleCallbackPage = page(() => import('./pages/oauth-callback'), 'GoogleCallbackPage');
const DiscordCallbackPage = page(() => import('./pages/oauth-callback'), 'DiscordCallbackPage');
const NotFoundPage = page(() => import('./pages/not-found'), 'NotFoundPage');
const SignInFirst = page(() => import('./pages/sign-in-first'), 'SignInFirst');
/** Everything signed in (app-routes.tsx), loaded with the first signed-in page. */
const SignedInRoutes = page(loadSignedInRoutes, 'AppRoutes');

/** Logged-out screens (SPEC.md §2). */
const guestRoutes = (
  <Route element={<AuthLayout />}>
    <Route index element={<SignInPage />} />
    <Route path="login" element={<SignInPage />} />
    <Route path="faqs" element={<PublicFaqsPage />} />
    <Route path="pricing" element={<PublicPricingPage />} />
    <Route path="signup" element={<SignUpPage />} />
    <Route path="forgot-password" element={<ForgotPasswordPage />} />
    <Route path="change-password" element={<ChangePasswordPage />} />
    <Route path="confirm-authentication" element={<ConfirmPage />} />
    <Route path="account-deactivated" element={<AccountDeactivatedPage />} />
    <Route path="discord/callback" element={<DiscordCallbackPage />} />
    <Route path="google/callback" element={<GoogleCallbackPage />} />
    {/* The console is not there for a visitor, as the API's 404 says (issue #33 item 5). */}
    <Route path="admin/*" element={<NotFoundPage />} />
    <Route path="*" element={<SignInFirst />} />
  </Route>
);

/** The route tree for who is signed in, under `/4` while the shop is in maintenance (SPEC.md §2). */
export const AppRouter = ({
  signedIn,
  basename,
  Router = BrowserRouter,
}: {
  signedIn: boolean;
  basename?: string | undefined;
  /** The browser's history, or the build-time render's fixed address (src/prerender.tsx). */
  Router?: ServerPage['Router'] | undefined;
}) => (
  <Router {...(basename ? { basename } : {})}>
    {/* Shown while the first chunks arrive: the loading screen simply stays a moment longer. */}
    <Suspense fallback={<LoadingScreen />}>
      <Routes>{signedIn ? <Route path="*" element={<SignedInRoutes />} /> : guestRoutes}</Routes>
    </Suspense>
  </Router>
);
