import { eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { notificationSettings } from '../schema/index.js';

export interface Notifications {
  planReminders: boolean;
  usageAlerts: boolean;
}

/** A customer's choice of reminders and usage alerts; everything on until they choose (no row). */
export const readNotifications = async (db: Db, userId: string): Promise<Notifications> => {
  const [row] = await db
    .select({
      planReminders: notificationSettings.planReminders,
      usageAlerts: notificationSettings.usageAlerts,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row ?? { planReminders: true, usageAlerts: true };
};

export const saveNotifications = async (
  db: Db,
  userId: string,
  choice: Notifications,
): Promise<Notifications> => {
  await db
    .insert(notificationSettings)
    .values({ userId, ...choice })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: choice });
  return choice;
};
