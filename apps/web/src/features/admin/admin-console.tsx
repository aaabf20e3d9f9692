import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import {
  IconArrowLeft,
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
import { LaterPage } from './later-page';
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
const CataloguePage = lazy(async () => ({
  default: (await import('./catalogue/catalogue-page')).CataloguePage,
}));
const MoneyPage = lazy(async () => ({ default: (await import('./money-page')).MoneyPage }));
const InvoicePage = lazy(async () => ({ default: (await import('./invoice-page')).InvoicePage }));
const StaffPage = lazy(async () => ({ default: (await import('./staff-page')).StaffPage }));
const ShopPage = lazy(async () => ({ default: (await import('./shop-page')).ShopPage }));

const sections = [
  { label: 'Overview', to: '/admin', icon: IconChartBar },
  { label: 'Customers', to: '/admin/customers', icon: IconUsers },
  { label: 'Money', to: '/admin/money', icon: IconCash },
  { label: 'Catalogue', to: '/admin/catalogue', icon: IconBuildingStore },
  { label: 'Pools', to: '/admin/pools', icon: IconServer2 },
  { label: 'Shop', to: '/admin/shop', icon: IconId },
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

/** Opening the console: 404 for everyone but staff, 403 for staff without a two-factor sign-in (issue #17 §1). */
const Gate = ({ children }: { children: React.ReactNode }) => {
  const probe = useOverview();
  if (probe.isPending) return <LoadingScreen />;
  if (
    probe.error instanceof ApiError &&
    probe.error.status === 403 &&
    SECOND_FACTOR_DETAILS.has(probe.error.detail)
  )
    return <SecondFactorNeeded detail={probe.error.detail} />;
  if (probe.error instanceof ApiError && probe.error.status === 404)
    return <Alert color="gray">There is no page here.</Alert>;
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

/** The operator console at /admin: its own chunk, in the shop's frame (issue #17 §1, issue #34). */
export const AdminConsole = () => {
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
            <Route path="catalogue/:section?" element={<CataloguePage />} />
            <Route path="pools" element={<PoolsPage />} />
            <Route path="mails" element={<MailsPage />} />
            <Route path="jobs" element={<FailedJobsPage />} />
            <Route path="webhooks" element={<WebhookRefusalsPage />} />
            <Route path="traffic" element={<TrafficPage />} />
            <Route path="staff" element={<StaffPage />} />
            <Route path="shop" element={<ShopPage />} />
            <Route path="*" element={<LaterPage title="Not found" />} />
          </Routes>
        </Suspense>
      </Gate>
    </Frame>
  );
};
