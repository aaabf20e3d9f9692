import { PRODUCT_PAGES, type ProductCode } from '@proxydesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { notificationSettings, subusers, users, type SubuserLimitPeriod } from '../schema/index.js';
import { insertOutboxMail } from './mail-outbox.js';
import { bytesTowardLimit, periodStartAt } from './subusers.js';
import { BYTES_PER_GB } from './usage.js';
import { queueWebhookEvent } from './webhooks.js';

/** A sub-user as its counts stand after the batch's update. */
export interface CountedSubuser {
  id: string;
  userId: string;
  name: string;
  productType: string;
  limitBytes: number | null;
  limitPeriod: SubuserLimitPeriod;
  usedBytes: number;
  periodUsedBytes: number;
  periodStart: Date;
  alertedKey: string | null;
}

/** The threshold a sub-user's count has reached (100, 80) and its key: once per threshold, period and limit. */
export const subuserAlertDue = (
  subuser: CountedSubuser,
  now = new Date(),
): { percent: 80 | 100; key: string; used: number } | null => {
  if (subuser.limitBytes === null) return null;
  const used = bytesTowardLimit(subuser, now);
  const percent = used >= subuser.limitBytes ? 100 : used >= subuser.limitBytes * 0.8 ? 80 : null;
  if (percent === null) return null;
  const period = periodStartAt(subuser.limitPeriod, now)?.toISOString().slice(0, 10) ?? 'lifetime';
  const rest = `${subuser.limitPeriod}-${period}:${subuser.limitBytes}`;
  const key = `${percent}:${rest}`;
  // Already told this (or, for 80, already told 100: both crossed within one batch sends 100 alone).
  if (subuser.alertedKey === key || subuser.alertedKey === `100:${rest}`) return null;
  return { percent, key, used };
};

const gb = (bytes: number) => (bytes / BYTES_PER_GB).toFixed(2);

/**
 * In the usage batch's transaction that made a sub-user cross 80 % or 100 % of its limit (issue #31 item 4,
 * ADR 018): the owner's mail "… has used 80 % / all of its data limit" through the outbox (unless they turned
 * usage alerts off), the webhook event `usage.threshold` with the sub-user, and at 100 % `subuser.limit_reached`.
 * The sub-user's `alerted_key` records it, so later batches of the same period and limit send nothing.
 */
export const queueSubuserAlerts = async (
  tx: Db,
  counted: readonly CountedSubuser[],
  now = new Date(),
): Promise<number> => {
  let queued = 0;
  for (const subuser of counted) {
    const due = subuserAlertDue(subuser, now);
    if (!due) continue;
    await tx.update(subusers).set({ alertedKey: due.key }).where(eq(subusers.id, subuser.id));
    const [owner] = await tx
      .select({
        email: users.email,
        wants: sql<boolean>`coalesce(${notificationSettings.usageAlerts}, true)`,
      })
      .from(users)
      .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
      .where(eq(users.id, subuser.userId));
    const onceKey = `subuser-usage:${subuser.id}:${due.key}`;
    const limit = { gb: gb(subuser.limitBytes!), period: subuser.limitPeriod };
    if (owner?.email && owner.wants) {
      const mailed = await insertOutboxMail(tx, {
        to: owner.email,
        userId: subuser.userId,
        template: 'subuser-usage-alert',
        data: {
          subuser: subuser.name,
          product: PRODUCT_PAGES[subuser.productType as ProductCode] ?? '/',
          percent: due.percent,
          usedGb: gb(due.used),
          limitGb: limit.gb,
          period: subuser.limitPeriod,
        },
        onceKey,
      });
      if (mailed) queued += 1;
    }
    const data = {
      subuser: { id: subuser.id, name: subuser.name, product: subuser.productType },
      percent: due.percent,
      used_bytes: due.used,
      limit_bytes: subuser.limitBytes,
      limit_period: subuser.limitPeriod,
    };
    await queueWebhookEvent(tx, { userId: subuser.userId, type: 'usage.threshold', data, onceKey });
    if (due.percent === 100)
      await queueWebhookEvent(tx, {
        userId: subuser.userId,
        type: 'subuser.limit_reached',
        data,
        onceKey: `subuser.limit_reached:${subuser.id}:${due.key}`,
      });
  }
  return queued;
};
