import { lazy } from 'react';
import { PageHeader } from '../../components/page-header';
import { DashboardOverview } from '../../features/dashboard/dashboard-overview';
import type { PlanBuyButtons } from '../../features/dashboard/plan-list';

/** The screen's first data: a signed-in page's start asks it before drawing (app/signed-in-start.ts). */
export { prefetchDashboard as prefetchFirstData } from '../../features/dashboard/api/first-data';

// The plan list's Renew and Buy more GB, each with its checkout, bring the checkout, the catalogue and the invoice
// schemas: they load just after the list is drawn, so the dashboard's first load carries none of it.
const planButtons: PlanBuyButtons = {
  RenewButton: lazy(async () => ({ default: (await import('../renew-with-checkout')).RenewWithCheckout })),
  BuyMoreGbButton: lazy(async () => ({
    default: (await import('../buy-more-gb-with-checkout')).BuyMoreGbWithCheckout,
  })),
};

export const DashboardPage = () => (
  <>
    <PageHeader title="Dashboard" description="Your plans, spending and referrals at a glance." />
    <DashboardOverview planButtons={planButtons} />
  </>
);
