import { defineEndpoint } from './endpoint.js';
import { withPayload } from './envelope.js';
import { namedObject } from './named-object.js';
import { readOf } from './reads.js';
import { z } from './zod.js';

/** The dashboard's cards and profile (SPEC.md §3 "Dashboard stats"). */
export const dashboardStatsSchema = namedObject('DashboardStats', {
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
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/**
 * The mails a customer may turn off (Settings → Notifications, issue #16 item 4): plan reminders (ends in 3 days /
 * 24 hours, expired) and usage alerts (80% / 100% of a plan's data). Receipts and security mails always go.
 */
export const notificationSettingsSchema = namedObject('NotificationSettings', {
  plan_reminders: z.boolean(),
  usage_alerts: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

const read = readOf('user', 'user');

export const userEndpoints = {
  dashboardStats: read('/v1/user/dashboard-stats', 'Dashboard cards and profile', dashboardStatsSchema),
  generateApiKey: defineEndpoint({
    method: 'POST',
    path: '/v1/user/generate-api-key',
    summary: 'Make a new API key (resellers); the whole key is in this answer only',
    tag: 'user',
    access: 'reseller',
    response: withPayload(z.object({ apiKey: z.string() })),
  }),
  notifications: read(
    '/v1/user/notifications',
    'Which reminders and usage alerts the customer receives (receipts and security mails always go)',
    notificationSettingsSchema,
  ),
  setNotifications: defineEndpoint({
    method: 'PUT',
    path: '/v1/user/notifications',
    summary: 'Turn plan reminders and usage alerts on or off',
    tag: 'user',
    access: 'user',
    body: notificationSettingsSchema,
    response: withPayload(notificationSettingsSchema),
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
