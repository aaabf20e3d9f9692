import { PageHeader } from '../../components/page-header';
import { DashboardOverview } from '../../features/dashboard/dashboard-overview';
import { planButtons } from '../plan-buttons';

/** The screen's first data: a signed-in page's start asks it before drawing (app/signed-in-start.ts). */
export { prefetchDashboard as prefetchFirstData } from '../../features/dashboard/api/first-data';

export const DashboardPage = () => (
  <>
    <PageHeader title="Dashboard" description="Your plans, spending and referrals at a glance." />
    <DashboardOverview planButtons={planButtons} />
  </>
);
