import { adminByHandEndpoints } from './admin-by-hand.js';
import { adminCatalogueEndpoints } from './admin-catalogue.js';
import { adminCustomerActions } from './admin-customers.js';
import { adminFailureEndpoints } from './admin-failures.js';
import { adminMoneyEndpoints } from './admin-money.js';
import { adminPoolEndpoints } from './admin-pool.js';
import { adminPreflightEndpoints } from './admin-preflight.js';
import { adminReportEndpoints } from './admin-reports.js';
import { adminStaffEndpoints } from './admin-staff.js';
import { adminEndpoints } from './admin.js';
import { adminDocumentEndpoints } from './documents.js';
import type { Endpoint } from './endpoint.js';
import { adminTaxEndpoints } from './tax-endpoints.js';

/** The console's families of routes, one object each. */
const families: Record<string, Endpoint>[] = [
  adminEndpoints,
  adminCatalogueEndpoints,
  adminCustomerActions,
  adminByHandEndpoints,
  adminMoneyEndpoints,
  adminReportEndpoints,
  adminPoolEndpoints,
  adminFailureEndpoints,
  adminPreflightEndpoints,
  adminStaffEndpoints,
  adminDocumentEndpoints,
  adminTaxEndpoints,
];

/** Every console route (`/v1/admin/*`), for the test that proves them hidden from everyone but staff. */
export const allAdminEndpoints: Endpoint[] = families.flatMap((family) => Object.values(family));
