/** While the shop is in maintenance, the app lives under this prefix and / shows the maintenance page (SPEC.md §2). */
export const MAINTENANCE_APP_PREFIX = '/4';

export const isUnderMaintenancePrefix = (pathname: string): boolean =>
  pathname === MAINTENANCE_APP_PREFIX || pathname.startsWith(`${MAINTENANCE_APP_PREFIX}/`);
