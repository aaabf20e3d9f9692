import { Center, Stack } from '@mantine/core';
import { Suspense } from 'react';
import { BrandMark } from '../components/brand-mark';
import { LoadingScreen } from '../components/loading-screen';
import { QueryError } from '../components/query-error';
import { useMaintenance } from '../features/content/api/get-maintenance';
import { useAccess } from '../lib/access';
import { ApiError } from '../lib/api';
import { isUnderMaintenancePrefix, MAINTENANCE_APP_PREFIX } from '../lib/app-paths';
import { page } from '../lib/lazy-page';
import { readToken } from '../lib/token';
import { guestScreens } from './guest-screens';
import { AppRouter } from './router';
import type { ServerPage } from '../lib/server-page';

/** Its own chunk: only a shop in maintenance shows it (the build preloads it in that page, src/prerender.tsx). */
const MaintenancePage = page(guestScreens.maintenance, 'MaintenancePage');

/**
 * SPEC.md §2 "Root behaviour": a loading screen until the maintenance check and the login check finish,
 * then the maintenance page, the app or the auth screens.
 */
export const Root = ({ server }: { server?: ServerPage | undefined }) => {
  const maintenance = useMaintenance();
  const hasToken = server ? server.signedIn : readToken() !== null;
  const access = useAccess();

  const signedIn = hasToken && access.isSuccess;
  const inMaintenance = maintenance.data === true;

  if (maintenance.isPending || (hasToken && access.isPending)) return <LoadingScreen />;
  const failed = maintenance.error ?? (hasToken ? access.error : null);
  // A 401 on the access check: the API client has removed the token and is reloading as a guest.
  if (failed instanceof ApiError && failed.status === 401) return <LoadingScreen />;
  if (failed) {
    return (
      <Center mih="100dvh" p="md">
        <Stack align="center" gap="lg" w="100%" maw={480}>
          <BrandMark size="lg" />
          <QueryError
            error={failed}
            title="Could not reach the dashboard"
            onRetry={() => {
              void maintenance.refetch();
              if (hasToken) void access.refetch();
            }}
          />
        </Stack>
      </Center>
    );
  }
  const path = server?.path ?? window.location.pathname;
  if (inMaintenance && !isUnderMaintenancePrefix(path))
    return (
      <Suspense fallback={<LoadingScreen />}>
        <MaintenancePage />
      </Suspense>
    );
  return (
    <AppRouter
      signedIn={signedIn}
      basename={inMaintenance ? MAINTENANCE_APP_PREFIX : undefined}
      Router={server?.Router}
    />
  );
};
