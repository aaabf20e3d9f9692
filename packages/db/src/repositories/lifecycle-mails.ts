import { PRODUCT_PAGES, type ProductCode } from '@proxydesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { balanceLedger, paymentMethods, users } from '../schema/index.js';
import { insertOutboxMail, MAIL_CHANNEL } from './mail-outbox.js';
import type { InvoiceRow } from './invoices.js';
import { BYTES_PER_GB } from './usage.js';

// The mails the shop's own events cause (issue #16 item 4), queued in the event's transaction. Their templates
// (names and data) are the API's: apps/api/src/modules/mail/lifecycle-templates.ts. Reminders and usage alerts
// skip a customer who turned them off in Settings → Notifications; receipts and refunds always go.

const euro = (cents: number) => `€${(cents / 100).toFixed(2)}`;
const pageOf = (product: string) => PRODUCT_PAGES[product as ProductCode] ?? '/';
/** A plan's end as a key part: a renewal moves the end, and the next period gets its own reminders. */
const epoch = (at: Date) => Math.floor(at.getTime() / 1000);

const emailOf = async (tx: Db, userId: string) =>
  (await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email;

const methodName = async (tx: Db, code: string) =>
  (
    await tx.select({ name: paymentMethods.name }).from(paymentMethods).where(eq(paymentMethods.code, code))
  )[0]?.name ?? code;

/** The receipt of a paid invoice: a top-up's with the new balance, any other's with its plan. */
export const queueReceipt = async (tx: Db, invoice: InvoiceRow): Promise<void> => {
  const to = await emailOf(tx, invoice.userId);
  if (!to) return;
  const common = {
    to,
    userId: invoice.userId,
    onceKey: `receipt:${invoice.id}`,
  };
  const data = {
    invoiceId: invoice.id,
    amount: euro(invoice.priceCents),
    method: await methodName(tx, invoice.paymentMethod),
  };
  if (invoice.kind === 'balance') {
    const [row] = await tx
      .select({ cents: sql<string | null>`sum(${balanceLedger.amountCents})` })
      .from(balanceLedger)
      .where(eq(balanceLedger.userId, invoice.userId));
    await insertOutboxMail(tx, {
      ...common,
      template: 'topup-receipt',
      data: { ...data, balance: euro(Number(row?.cents ?? 0)) },
    });
  } else {
    await insertOutboxMail(tx, {
      ...common,
      template: 'payment-receipt',
      data: { ...data, plan: invoice.planName },
    });
  }
};

/** A refund the provider made, full (the plan is suspended) or partial, once per provider event. */
export const queueRefundMail = async (
  tx: Db,
  invoice: InvoiceRow,
  refund: { cents: number; partial: boolean; eventKey: string },
): Promise<void> => {
  const to = await emailOf(tx, invoice.userId);
  if (!to || refund.cents <= 0) return;
  await insertOutboxMail(tx, {
    to,
    userId: invoice.userId,
    template: 'refund-made',
    data: {
      invoiceId: invoice.id,
      amount: euro(refund.cents),
      ...(invoice.kind === 'balance' ? {} : { plan: invoice.planName }),
      partial: refund.partial,
    },
    onceKey: `refund:${refund.eventKey}`,
  });
};

interface PlanMailRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  email: string;
  plan_name: string;
  product_type: string;
  expires_at: string | Date;
  data_gb: string | number | null;
  used_bytes: string | number | null;
}

const rowsOf = (result: unknown): PlanMailRow[] =>
  Array.isArray(result) ? (result as PlanMailRow[]) : ((result as { rows: PlanMailRow[] }).rows ?? []);

/** Plans of customers who keep this kind of mail on (no settings row: on). */
const wants = (setting: 'plan_reminders' | 'usage_alerts') =>
  sql.raw(
    `coalesce((select ns.${setting} from notification_settings ns where ns.user_id = cp.user_id), true)`,
  );

/**
 * "Your plan ends in 3 days" and "… in 24 hours" (with a Renew link), once per plan, period and reminder: what the
 * every-minute job asks. Answers how many were queued.
 */
export const queuePlanReminders = async (db: Db, now = new Date()): Promise<number> => {
  let queued = 0;
  for (const [hours, after] of [
    [72, 24],
    [24, 0],
  ] as const) {
    const rows = rowsOf(
      await db.execute(sql`
        select cp.id, cp.user_id, u.email, cp.plan_name, cp.product_type, cp.expires_at
        from customer_plans cp join users u on u.id = cp.user_id
        where cp.status = 'active'
          and cp.expires_at > ${now.toISOString()}::timestamptz + make_interval(hours => ${after})
          and cp.expires_at <= ${now.toISOString()}::timestamptz + make_interval(hours => ${hours})
          and ${wants('plan_reminders')}
          and not exists (
            select 1 from mail_outbox m
            where m.once_key = 'plan-ends-' || ${hours} || ':' || cp.id || ':' || extract(epoch from cp.expires_at)::bigint
          )`),
    );
    for (const row of rows) {
      const endsAt = new Date(row.expires_at);
      const sent = await insertOutboxMail(db, {
        to: row.email,
        userId: row.user_id,
        template: 'plan-ends',
        data: { plan: row.plan_name, product: pageOf(row.product_type), endsAt: endsAt.toISOString(), hours },
        onceKey: `plan-ends-${hours}:${row.id}:${epoch(endsAt)}`,
      });
      if (sent) queued += 1;
    }
  }
  return queued;
};

/** A product's page (`PRODUCT_PAGES`) in SQL, for mails written by one statement. */
const pageSql = sql`case cp.product_type ${sql.join(
  Object.entries(PRODUCT_PAGES).map(([code, page]) => sql`when ${code} then ${page}`),
  sql` `,
)} else '/' end`;

/**
 * "Your plan has expired" for every plan that has ended within the last day without one, in one statement (the
 * expiry job ends thousands of plans at once): run in the expiry's transaction, the mail and the change are
 * one. Answers how many were queued.
 */
export const queuePlanExpiredMails = async (tx: Db, now = new Date()): Promise<number> => {
  const queued = rowsOf(
    await tx.execute(sql`
      insert into mail_outbox (recipient, template, data, user_id, once_key)
      select u.email, 'plan-expired', jsonb_build_object('plan', cp.plan_name, 'product', ${pageSql}), cp.user_id,
        'plan-expired:' || cp.id || ':' || extract(epoch from cp.expires_at)::bigint
      from customer_plans cp join users u on u.id = cp.user_id
      where cp.status = 'expired'
        and cp.expires_at > ${now.toISOString()}::timestamptz - interval '1 day'
        and cp.expires_at <= ${now.toISOString()}::timestamptz
        and ${wants('plan_reminders')}
      on conflict do nothing
      returning id`),
  ).length;
  if (queued > 0) await tx.execute(sql`select pg_notify(${MAIL_CHANNEL}, '')`);
  return queued;
};

/**
 * "80% / 100% of your data is used" for active per-GB plans, once per plan, threshold and data amount (more GB
 * bought: a new 80% later). Answers how many were queued.
 */
export const queueUsageAlerts = async (db: Db): Promise<number> => {
  let queued = 0;
  for (const percent of [100, 80] as const) {
    const rows = rowsOf(
      await db.execute(sql`
        select cp.id, cp.user_id, u.email, cp.plan_name, cp.product_type, cp.expires_at, cp.data_gb, pu.used_bytes
        from customer_plans cp
          join users u on u.id = cp.user_id
          join plan_usage pu on pu.customer_plan_id = cp.id
        where cp.status = 'active' and cp.data_gb > 0
          and pu.used_bytes >= cp.data_gb * ${BYTES_PER_GB} * ${percent / 100}
          and ${wants('usage_alerts')}
          and not exists (
            select 1 from mail_outbox m
            where m.once_key in (
              'usage-' || ${percent} || ':' || cp.id || ':' || cp.data_gb,
              'usage-100:' || cp.id || ':' || cp.data_gb
            )
          )`),
    );
    for (const row of rows) {
      const totalGb = Number(row.data_gb);
      const sent = await insertOutboxMail(db, {
        to: row.email,
        userId: row.user_id,
        template: 'usage-alert',
        data: {
          plan: row.plan_name,
          product: pageOf(row.product_type),
          percent,
          usedGb: (Number(row.used_bytes) / BYTES_PER_GB).toFixed(2),
          totalGb: String(totalGb),
        },
        onceKey: `usage-${percent}:${row.id}:${row.data_gb}`,
      });
      if (sent) queued += 1;
    }
  }
  return queued;
};
