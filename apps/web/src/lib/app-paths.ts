import { isUnderMaintenancePrefix, MAINTENANCE_APP_PREFIX } from '@proxydesk/contract';

export { isUnderMaintenancePrefix, MAINTENANCE_APP_PREFIX };

/**
 * An in-app path for a full-page navigation (login, logout, 401): kept under `/4` when the visitor is
 * there, so that signing in or out during maintenance does not land on the maintenance page.
 */
export const appUrl = (path: string): string =>
  isUnderMaintenancePrefix(window.location.pathname)
    ? `${MAINTENANCE_APP_PREFIX}${path === '/' ? '' : path}`
    : path;
