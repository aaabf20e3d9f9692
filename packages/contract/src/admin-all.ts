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

/** Every console route (`/v1/admin/*`), for the test that proves them hidden from everyone but staff. */
export const allAdminEndpoints: Endpoint[] = [
  ...Object.values(adminEndpoints),
  ...Object.values(adminCatalogueEndpoints),
  ...Object.values(adminCustomerActions),
  ...Object.values(adminByHandEndpoints),
  ...Object.values(adminMoneyEndpoints),
  ...Object.values(adminReportEndpoints),
  ...Object.values(adminPoolEndpoints),
  ...Object.values(adminFailureEndpoints),
  ...Object.values(adminPreflightEndpoints),
  ...Object.values(adminStaffEndpoints),
  ...Object.values(adminDocumentEndpoints),
  ...Object.values(adminTaxEndpoints),
];
