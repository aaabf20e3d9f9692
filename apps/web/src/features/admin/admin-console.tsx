import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconArrowsExchange,
  IconMail,
  IconReportMoney,
  IconWebhook,
  IconSend,
  IconBuildingStore,
  IconCash,
  IconChartBar,
  IconHistory,
  IconId,
  IconServer2,
  IconShieldLock,
  IconUserShield,
  IconUsers,
} from '@tabler/icons-react';
import { ADMIN_MESSAGES } from '@proxydesk/contract';
import { Suspense, lazy } from 'react';
import { Link, Route, Routes, useLocation } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { Frame } from '../../components/frame';
import { LoadingScreen } from '../../components/loading-screen';
import { isCurrent, MenuLink } from '../../components/menu-link';
import { QueryError } from '../../components/query-error';
import { ThemeToggle } from '../../components/theme-toggle';
import { ApiError } from '../../lib/api';
import { logout } from '../../lib/logout';
import { useOverview } from './api';
import { useIsOperator } from './me-api';

const OverviewPage = lazy(async () => ({ default: (await import('./overview-page')).OverviewPage }));
const CustomersPage = lazy(async () => ({ default: (await import('./customers-page')).CustomersPage }));
const CustomerPage = lazy(async () => ({ default: (await import('./customer-page')).CustomerPage }));
const AuditPage = lazy(async () => ({ default: (await import('./audit-page')).AuditPage }));
const PoolsPage = lazy(async () => ({ default: (await import('./pools-page')).PoolsPage }));
const failurePages = () => import('./failure-pages');
const MailsPage = lazy(async () => ({ default: (await failurePages()).MailsPage }));
const FailedJobsPage = lazy(async () => ({ default: (await failurePages()).FailedJobsPage }));
const WebhookRefusalsPage = lazy(async () => ({ default: (await failurePages()).WebhookRefusalsPage }));
const TrafficPage = lazy(async () => ({ default: (await failurePages()).TrafficPage }));
const WebhookDeliveriesPage = lazy(async () => ({
  default: (await import('./webhook-deliveries-page')).WebhookDeliveriesPage,
}));
const CataloguePage = lazy(async () => ({
  default: (await import('./catalogue/catalogue-page')).CataloguePage,
}));
const MoneyPage = lazy(async () => ({ default: (await import('./money-page')).MoneyPage }));
const ReportsPage = lazy(async () => ({ default: (await import('./reports-page')).ReportsPage }));
const InvoicePage = lazy(async () => ({ default: (await import('./invoice-page')).InvoicePage }));
const StaffPage = lazy(async () => ({ default: (await import('./staff-page')).StaffPage }));
const ShopPage = lazy(async () => ({ default: (await import('./shop-page')).ShopPage }));

const sections = [
  { label: 'Overview', to: '/admin', icon: IconChartBar },
  { label: 'Customers', to: '/admin/customers', icon: IconUsers },
  { label: 'Money', to: '/admin/money', icon: IconCash },
  { label: 'Reports', to: '/admin/reports', icon: IconReportMoney },
  { label: 'Catalogue', to: '/admin/catalogue', icon: IconBuildingStore },
  { label: 'Pools', to: '/admin/pools', icon: IconServer2 },
  { label: 'Shop', to: '/admin/shop', icon: IconId },
  { label: 'Traffic', to: '/admin/traffic', icon: IconArrowsExchange },
  { label: 'Mails', to: '/admin/mails', icon: IconMail },
  { label: 'Failed jobs', to: '/admin/jobs', icon: IconAlertTriangle },
  { label: 'Provider webhooks', to: '/admin/webhooks', icon: IconWebhook },
  { label: 'Customer webhooks', to: '/admin/webhook-deliveries', icon: IconSend },
  { label: 'Audit', to: '/admin/audit', icon: IconHistory },
  { label: 'Staff', to: '/admin/staff', icon: IconUserShield, operatorOnly: true },
];

/**
 * Staff whose session cannot open the console (issue #28): 2FA off, or this sign-in was without the mailed
 * code. The server's words, and the way out: Settings, or signing out to sign in again with the code.
 */
const SecondFactorNeeded = ({ detail }: { detail: string }) => {
  const turnOn = detail === ADMIN_MESSAGES.turnOnTwoFactor;
  return (
    <Alert
      color="yellow"
      icon={<IconShieldLock />}
      title={turnOn ? 'Turn on two-factor authentication' : 'Sign in again with your code'}
      maw={560}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{detail}. The console holds every customer&apos;s data.</Text>
        <Group gap="sm">
          {turnOn && (
            <Button component={Link} to="/settings" variant="light">
              Open Settings
            </Button>
          )}
          <Button variant={turnOn ? 'default' : 'light'} onClick={() => void logout()}>
            Sign out
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
};

const SECOND_FACTOR_DETAILS: ReadonlySet<string> = new Set(Object.values(ADMIN_MESSAGES));

/**
 * Opening the console: 403 for staff without a two-factor sign-in (issue #17 §1), what the server said when the
 * console cannot open; the console's pages once it can.
 */
const Gate = ({ children }: { children: React.ReactNode }) => {
  const probe = useOverview();
  if (
    probe.error instanceof ApiError &&
    probe.error.status === 403 &&
    SECOND_FACTOR_DETAILS.has(probe.error.detail)
  )
    return <SecondFactorNeeded detail={probe.error.detail} />;
  if (probe.error)
    return (
      <QueryError
        error={probe.error}
        title="Could not open the console"
        onRetry={() => void probe.refetch()}
      />
    );
  return children;
};

/** A console address that leads nowhere: said plainly, with the way back. */
const ConsoleNotFound = () => (
  <Stack align="flex-start" gap="sm" py="md" data-testid="console-not-found">
    <Title order={1} size="h2">
      Page not found
    </Title>
    <Text c="dimmed">There is no console page at this address.</Text>
    <Button component={Link} to="/admin" variant="light">
      Back to the overview
    </Button>
  </Stack>
);

/**
 * The operator console at /admin: its own chunk, in the shop's frame (issue #17 §1, issue #34). To everyone but
 * staff it is not there (the API answers 404): they see `notFound`, the shop's own page, never the console's
 * frame (issue #33 item 5).
 */
export const AdminConsole = ({ notFound }: { notFound: React.ReactNode }) => {
  const probe = useOverview();
  if (probe.isPending) return <LoadingScreen />;
  if (probe.error instanceof ApiError && probe.error.status === 404) return notFound;
  return <Console />;
};

const Console = () => {
  const { pathname } = useLocation();
  const operator = useIsOperator();
  return (
    <Frame
      testId="admin-shell"
      home="/admin"
      brand={
        <Group gap={6} wrap="nowrap">
          <BrandMark />
          <Text size="sm" c="dimmed" visibleFrom="xs">
            Console
          </Text>
        </Group>
      }
      actions={
        <>
          <Button
            component={Link}
            to="/"
            variant="subtle"
            size="xs"
            leftSection={<IconArrowLeft size={14} />}
          >
            Shop
          </Button>
          <ThemeToggle />
        </>
      }
      navLabel="Console navigation"
      navWidth={220}
      nav={(close) => (
        <Stack gap={2}>
          {sections
            .filter((item) => !item.operatorOnly || operator)
            .map((item) => (
              <MenuLink
                key={item.to}
                to={item.to}
                label={item.label}
                icon={item.icon}
                active={isCurrent(pathname, item.to, '/admin')}
                onNavigate={close}
              />
            ))}
        </Stack>
      )}
    >
      <Gate>
        <Suspense fallback={<LoadingScreen />}>
          <Routes>
            <Route index element={<OverviewPage />} />
            <Route path="customers" element={<CustomersPage />} />
            <Route path="customers/:id" element={<CustomerPage />} />
            <Route path="audit" element={<AuditPage />} />
            <Route path="money" element={<MoneyPage />} />
            <Route path="money/invoices/:id" element={<InvoicePage />} />
            <Route path="reports" element={<ReportsPage />} />
            <Route path="catalogue/:section?" element={<CataloguePage />} />
            <Route path="pools" element={<PoolsPage />} />
            <Route path="mails" element={<MailsPage />} />
            <Route path="jobs" element={<FailedJobsPage />} />
            <Route path="webhooks" element={<WebhookRefusalsPage />} />
            <Route path="webhook-deliveries" element={<WebhookDeliveriesPage />} />
            <Route path="traffic" element={<TrafficPage />} />
            <Route path="staff" element={<StaffPage />} />
            <Route path="shop" element={<ShopPage />} />
            <Route path="*" element={<ConsoleNotFound />} />
          </Routes>
        </Suspense>
      </Gate>
    </Frame>
  );
};
