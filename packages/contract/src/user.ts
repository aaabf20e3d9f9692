import { defineEndpoint } from './endpoint.js';
import { withPayload } from './envelope.js';
import { z } from './zod.js';

/** The dashboard's cards and profile (SPEC.md §3 "Dashboard stats"). */
export const dashboardStatsSchema = z
  .object({
    totalPlanPurchased: z.int(),
    /** Euro, 2 decimals. */
    moneySpent: z.number(),
    totalPendingActivation: z.int(),
    referral_points: z.int(),
    referral_code: z.string(),
    username: z.string(),
    email: z.string(),
    is_2fa_enabled: z.boolean(),
    /** ISO 8601 date-time. */
    joined: z.string(),
  })
  .check(z.meta({ id: 'DashboardStats' }));
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const userEndpoints = {
  dashboardStats: defineEndpoint({
    method: 'GET',
    path: '/v1/user/dashboard-stats',
    summary: 'Dashboard cards and profile',
    tag: 'user',
    access: 'user',
    response: withPayload(dashboardStatsSchema),
  }),
  generateApiKey: defineEndpoint({
    method: 'POST',
    path: '/v1/user/generate-api-key',
    summary: 'Make a new API key (resellers); the whole key is in this answer only',
    tag: 'user',
    access: 'reseller',
    response: withPayload(z.object({ apiKey: z.string() })),
  }),
  resetProxyPassword: defineEndpoint({
    method: 'POST',
    path: '/v1/user/reset-proxy-password',
    summary: 'A new password for your proxy lines: lines with the old one stop working within seconds',
    tag: 'user',
    access: 'user',
    response: withPayload(z.object({ password: z.string() })),
  }),
};
