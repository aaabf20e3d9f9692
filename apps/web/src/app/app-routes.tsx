import { Route, Routes } from 'react-router';
import { loader, page } from '../lib/lazy-page';
import { screens } from './screens';

const FaqsPage = page(screens.faqs, 'FaqsPage');
const NotFoundPage = page(() => import('./pages/not-found'), 'NotFoundPage');
/** The signed-in frame: loaded first by a signed-in page's start (app/signed-in-start.ts). */
export const loadAppLayout = loader(() => import('./layouts/app-layout'));
const AppLayout = page(loadAppLayout, 'AppLayout');
const DashboardPage = page(screens.dashboard, 'DashboardPage');
const SettingsPage = page(screens.settings, 'SettingsPage');
const PurchaseDatacenterPage = page(screens.purchase, 'PurchaseDatacenterPage');
const PurchaseIspPage = page(screens.purchase, 'PurchaseIspPage');
const PurchaseIpv6Page = page(screens.purchase, 'PurchaseIpv6Page');
const PurchasePremiumPage = page(screens.purchase, 'PurchasePremiumPage');
const PurchaseResidentialPage = page(screens.purchase, 'PurchaseResidentialPage');
const InvoicesPage = page(screens.invoices, 'InvoicesPage');
const InvoicePage = page(screens.invoices, 'InvoicePage');
const PricingPage = page(screens.pricing, 'PricingPage');
const BalancePage = page(screens.balance, 'BalancePage');
const DatacenterProductPage = page(screens.productIp, 'DatacenterProductPage');
const Ipv6ProductPage = page(screens.productIp, 'Ipv6ProductPage');
const IspProductPage = page(screens.productGb, 'IspProductPage');
const PremiumProductPage = page(screens.productGb, 'PremiumProductPage');
const ResidentialProductPage = page(screens.productGb, 'ResidentialProductPage');
const ProxyGeneratorPage = page(screens.proxyGenerator, 'ProxyGeneratorPage');
/** The operator console (issue #17): a chunk of its own, never loaded by a customer's screens. */
const AdminConsole = page(() => import('../features/admin/admin-console'), 'AdminConsole');

/** The shop's own not-found page in its frame: /admin for a customer, as the API's 404 (issue #33 item 5). */
const shopNotFound = (
  <Routes>
    <Route element={<AppLayout />}>
      <Route path="*" element={<NotFoundPage />} />
    </Route>
  </Routes>
);

/** Logged-in screens (SPEC.md §2 navigation). */
const appRoutes = (
  <>
    <Route path="admin/*" element={<AdminConsole notFound={shopNotFound} />} />
    <Route element={<AppLayout />}>
      <Route index element={<DashboardPage />} />
      <Route path="settings" element={<SettingsPage />} />
      <Route path="purchase/datacenter" element={<PurchaseDatacenterPage />} />
      <Route path="purchase/isp" element={<PurchaseIspPage />} />
      <Route path="purchase/ipv6" element={<PurchaseIpv6Page />} />
      <Route path="purchase/premium-residential" element={<PurchasePremiumPage />} />
      <Route path="purchase/residential" element={<PurchaseResidentialPage />} />
      <Route path="product/datacenter" element={<DatacenterProductPage />} />
      <Route path="product/ipv6" element={<Ipv6ProductPage />} />
      <Route path="product/isp" element={<IspProductPage />} />
      <Route path="product/premium-residential" element={<PremiumProductPage />} />
      <Route path="product/residential" element={<ResidentialProductPage />} />
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

/** The signed-in route table: a chunk of its own, so the sign-in page's first load does not carry it (ADR 003). */
export const AppRoutes = () => <Routes>{appRoutes}</Routes>;
