import {
  centsToEuro,
  type Access,
  type DashboardStats,
  type NotificationSettings,
} from '@proxydesk/contract';
import {
  accountFigures,
  balanceCents,
  findApiKeyPrefix,
  readNotifications,
  replaceApiKey,
  saveNotifications,
  type Notifications,
  updateUser,
  type Db,
} from '@proxydesk/db';
import type { Account } from '../../plugins/authenticate.js';
import { newApiKey, newProxyPassword, sha256 } from '../auth/credentials.js';

/** How much of an API key stays visible in the dashboard after it was shown once. */
const KEY_PREFIX_LENGTH = 12;

export type UserService = ReturnType<typeof createUserService>;

const toWire = ({ planReminders, usageAlerts }: Notifications): NotificationSettings => ({
  plan_reminders: planReminders,
  usage_alerts: usageAlerts,
});

export const createUserService = (db: Db) => ({
  access: async ({ user }: Account): Promise<Access> => {
    const isReseller = user.role === 'reseller';
    const prefix = isReseller ? await findApiKeyPrefix(db, user.id) : undefined;
    return {
      isReseller,
      apiKey: prefix ? `${prefix}…` : null,
      is_2fa: user.is2fa,
      is_active: user.isActive,
      username: user.username,
      email: user.email,
      has_password: user.passwordHash !== null,
      balance: centsToEuro(isReseller ? await balanceCents(db, user.id) : 0),
    };
  },

  dashboardStats: async ({ user }: Account): Promise<DashboardStats> => {
    const figures = await accountFigures(db, user.id);
    return {
      totalPlanPurchased: figures.totalPlans,
      moneySpent: centsToEuro(figures.moneySpentCents),
      totalPendingActivation: figures.pendingActivations,
      referral_points: user.referralPoints,
      referral_code: user.referralCode,
      username: user.username,
      email: user.email,
      is_2fa_enabled: user.is2fa,
      joined: user.createdAt.toISOString(),
    };
  },

  notifications: async ({ user }: Account): Promise<NotificationSettings> =>
    toWire(await readNotifications(db, user.id)),

  setNotifications: async ({ user }: Account, choice: NotificationSettings) => ({
    detail: 'Notification settings saved',
    payload: toWire(
      await saveNotifications(db, user.id, {
        planReminders: choice.plan_reminders,
        usageAlerts: choice.usage_alerts,
      }),
    ),
  }),

  /** A new key replaces the old one at once; only its hash is kept, so this answer is the only time it is seen. */
  generateApiKey: async ({ user }: Account) => {
    const apiKey = newApiKey();
    await replaceApiKey(db, user.id, sha256(apiKey), apiKey.slice(0, KEY_PREFIX_LENGTH));
    return { detail: 'New API key made: copy it now, it is not shown again', payload: { apiKey } };
  },

  /** A leaked proxy line is stopped by a new proxy password: the gateway follows within a sync (issue #6). */
  resetProxyPassword: async ({ user }: Account) => {
    const password = newProxyPassword();
    await updateUser(db, user.id, { proxyPassword: password });
    return {
      detail:
        'New proxy password set: lines with the old one stop working within seconds. Generate them again.',
      payload: { password },
    };
  },
});
