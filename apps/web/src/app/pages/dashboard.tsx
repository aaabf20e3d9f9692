import { PageHeader } from '../../components/page-header';
import { DashboardOverview } from '../../features/dashboard/dashboard-overview';

export const DashboardPage = () => (
  <>
    <PageHeader title="Dashboard" description="Your plans, spending and referrals at a glance." />
    <DashboardOverview />
  </>
);
