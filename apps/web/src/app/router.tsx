import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { AuthLayout } from './layouts/auth-layout';
import type { ServerPage } from '../lib/server-page';
import { SignInFirst } from './pages/sign-in-first';
import { screens } from './screens';

/**
 * Each screen is its own chunk, loaded when first shown. React Router's declarative mode with
 * `React.lazy` keeps the data router (which this app does not use) out of the first load.
 */
const page = <P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) => lazy(async () => ({ default: (await load())[name] }));

const SignInPage = page(() => import('./pages/sign-in'), 'SignInPage');
const PublicFaqsPage = page(() => import('./pages/public-faqs'), 'PublicFaqsPage');
const FaqsPage = page(screens.faqs, 'FaqsPage');
const NotFoundPage = page(() => import('./pages/not-found'), 'NotFoundPage');
const AppLayout = page(() => import('./layouts/app-layout'), 'AppLayout');
const DashboardPage = page(screens.dashboard, 'DashboardPage');
const SettingsPage = page(screens.settings, 'SettingsPage');
const PurchaseDatacenterPage = page(screens.purchase, 'PurchaseDatacenterPage');
const PurchaseIspPage = page(screens.purchase, 'PurchaseIspPage');
const PurchaseIpv6Page = page(screens.purchase, 'PurchaseIpv6Page');
const PurchasePremiumPage = page(screens.purchase, 'PurchasePremiumPage');
const InvoicesPage = page(screens.invoices, 'InvoicesPage');
const InvoicePage = page(screens.invoices, 'InvoicePage');
const PricingPage = page(screens.pricing, 'PricingPage');
const BalancePage = page(screens.balance, 'BalancePage');
const DatacenterProductPage = page(screens.productIp, 'DatacenterProductPage');
const Ipv6ProductPage = page(screens.productIp, 'Ipv6ProductPage');
const IspProductPage = page(screens.productGb, 'IspProductPage');
const PremiumProductPage = page(screens.productGb, 'PremiumProductPage');
const ProxyGeneratorPage = page(screens.proxyGenerator, 'ProxyGeneratorPage');
const SignUpPage = page(() => import('./pages/sign-up'), 'SignUpPage');
const ConfirmPage = page(() => import('./pages/confirm'), 'ConfirmPage');
const AccountDeactivatedPage = page(() => import('./pages/account-deactivated'), 'AccountDeactivatedPage');
const ForgotPasswordPage = page(() => import('./pages/forgot-password'), 'ForgotPasswordPage');
const ChangePasswordPage = page(() => import('./pages/change-password'), 'ChangePasswordPage');
const GoogleCallbackPage = page(() => import('./pages/oauth-callback'), 'GoogleCallbackPage');
const DiscordCallbackPage = page(() => import('./pages/oauth-callback'), 'DiscordCallbackPage');
/** The operator console (issue #17): a chunk of its own, never loaded by a customer's screens. */
const AdminConsole = page(() => import('../features/admin/admin-console'), 'AdminConsole');

/** Logged-out screens (SPEC.md §2). */
const guestRoutes = (
  <Route element={<AuthLayout />}>
    <Route index element={<SignInPage />} />
    <Route path="login" element={<SignInPage />} />
    <Route path="faqs" element={<PublicFaqsPage />} />
    <Route path="signup" element={<SignUpPage />} />
    <Route path="forgot-password" element={<ForgotPasswordPage />} />
    <Route path="change-password" element={<ChangePasswordPage />} />
    <Route path="confirm-authentication" element={<ConfirmPage />} />
    <Route path="account-deactivated" element={<AccountDeactivatedPage />} />
    <Route path="discord/callback" element={<DiscordCallbackPage />} />
    <Route path="google/callback" element={<GoogleCallbackPage />} />
    <Route path="*" element={<SignInFirst />} />
  </Route>
);

/** Logged-in screens (SPEC.md §2 navigation). */
const appRoutes = (
  <>
    <Route path="admin/*" element={<AdminConsole />} />
    <Route element={<AppLayout />}>
      <Route index element={<DashboardPage />} />
      <Route path="settings" element={<SettingsPage />} />
      <Route path="purchase/datacenter" element={<PurchaseDatacenterPage />} />
      <Route path="purchase/isp" element={<PurchaseIspPage />} />
      <Route path="purchase/ipv6" element={<PurchaseIpv6Page />} />
      <Route path="purchase/premium-residential" element={<PurchasePremiumPage />} />
      <Route path="product/datacenter" element={<DatacenterProductPage />} />
      <Route path="product/ipv6" element={<Ipv6ProductPage />} />
      <Route path="product/isp" element={<IspProductPage />} />
      <Route path="product/premium-residential" element={<PremiumProductPage />} />
      <Route path="proxy" element={<ProxyGeneratorPage />} />
      <Route path="pricing" element={<PricingPage />} />
      <Route path="balance" element={<BalancePage />} />
      <Route path="invoices" element={<InvoicesPage />} />
      <Route path="invoice/:invoiceId" element={<InvoicePage />} />
      <Route path="faqs" element={<FaqsPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Route>
  </>
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
      <Routes>{signedIn ? appRoutes : guestRoutes}</Routes>
    </Suspense>
  </Router>
);
