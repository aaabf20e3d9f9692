import { isUnderMaintenancePrefix, MAINTENANCE_APP_PREFIX } from './app-paths.js';
import { authEndpoints } from './auth.js';
import { catalogueEndpoints } from './catalogue.js';
import { contentEndpoints } from './content.js';
import { planEndpoints } from './plans.js';
import { proxyEndpoints } from './proxies.js';
import { userEndpoints } from './user.js';

/** The app's own address of a page, without the maintenance prefix (`/4/invoices` is `/invoices`). */
export const withoutMaintenancePrefix = (pathname: string): string =>
  isUnderMaintenancePrefix(pathname) ? pathname.slice(MAINTENANCE_APP_PREFIX.length) || '/' : pathname;

/** What every signed-in page draws first: who is signed in, and the shell's announcement and Discord link. */
const SHELL = [authEndpoints.access, contentEndpoints.announcements, contentEndpoints.socialMedia];

/** What each signed-in screen draws first, by its address (the web's src/app/page-data.ts asks the same). */
const SCREENS: [RegExp, { path: string }[]][] = [
  [/^\/$/, [userEndpoints.dashboardStats, planEndpoints.list]],
  [/^\/product\//, [proxyEndpoints.dashboard]],
  [/^\/(purchase\/|pricing$)/, [catalogueEndpoints.plans]],
];

/**
 * The GET answers the server writes into a signed-in page's HTML (issue #18): the page then draws its first
 * screen without asking the API again. Paths without parameters only, so each is its own URL.
 */
export const firstAnswerPaths = (pagePath: string): string[] => {
  const path = withoutMaintenancePrefix(pagePath);
  const screen = SCREENS.find(([pattern]) => pattern.test(path))?.[1] ?? [];
  return [...SHELL, ...screen].map((endpoint) => endpoint.path);
};
