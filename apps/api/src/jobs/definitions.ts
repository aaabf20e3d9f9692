import {
  deleteEndedSessionsAndCodes,
  deleteExpiredAttempts,
  deleteOldIdempotentRequests,
  expireEndedPlans,
  expireUnpaidInvoices,
  queuePlanExpiredMails,
  queuePlanReminders,
  queueScheduledWebhookEvents,
  queueUsageAlerts,
  releaseExpiredAddresses,
  pruneLineUsage,
  rollUpUsage,
  type Db,
} from '@proxydesk/db';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentService } from '../modules/payments/payment.service.js';
import type { WebhookSender } from '../modules/webhooks/sender.js';
import type { JobDefinition } from './runner.js';

/** A job's round that counts what it did and logs the counts with `message` when any of them is more than 0. */
const logCounts =
  (log: FastifyBaseLogger, message: string, round: () => Promise<Record<string, number>>) => async () => {
    const counts = await round();
    if (Object.values(counts).some((count) => count > 0)) log.info(counts, message);
  };

/** Every job the shop runs: one place to see what happens on its own. */
export const shopJobs = ({
  db,
  log,
  graceHours,
  payments,
  sendDueMails,
  autoRenew,
  webhooks,
  backup,
}: {
  db: Db;
  log: FastifyBaseLogger;
  payments: PaymentService;
  /** PLAN_GRACE_HOURS: how long expired plans keep their addresses. */
  graceHours: number;
  /** The mail outbox's round (`MailOutbox.deliverDue`). */
  sendDueMails: () => Promise<void>;
  /** Resellers' auto-renew from the balance (`app.autoRenew`). */
  autoRenew: () => Promise<{ renewed: number; failed: number }>;
  /** Resellers' webhook deliveries (`app.webhooks`). */
  webhooks: WebhookSender;
  /** The daily backup (BACKUP_SCHEDULE), absent when off. */
  backup?: { cron: string; take: () => Promise<void> } | undefined;
}): JobDefinition[] => [
  ...(backup
    ? [
        {
          // One at a time, an hour at most, two more tries; a failure shows under the console's failed jobs.
          name: 'backup',
          cron: backup.cron,
          retryLimit: 2,
          retryDelaySeconds: 300,
          expireInSeconds: 3600,
          handler: backup.take,
        },
      ]
    : []),
  {
    // Each instance's outbox sends at once on commit and at each retry's time; this sweep takes over what an
    // instance left behind (stopped before a retry, crashed holding a lease).
    name: 'send-mail',
    cron: '* * * * *',
    handler: sendDueMails,
  },
  {
    // The gateway refuses a plan the moment it ends; this records it and frees addresses after the grace period.
    name: 'expire-plans',
    cron: '* * * * *',
    handler: async () => {
      // The "plan expired" mail is queued with the change: both or neither.
      const expired = await db.transaction(async (tx) => {
        const ids = await expireEndedPlans(tx);
        if (ids.length > 0) await queuePlanExpiredMails(tx);
        return ids;
      });
      const released = await releaseExpiredAddresses(db, graceHours);
      if (expired.length > 0 || released > 0)
        log.info({ expired: expired.length, released }, 'plans expired, addresses returned to the pool');
    },
  },
  {
    // Unpaid invoices past their hour: marked expired (their coupon holds end), their checkouts closed.
    name: 'expire-invoices',
    cron: '* * * * *',
    handler: async () => {
      const expired = await expireUnpaidInvoices(db);
      await payments.expireCheckouts(expired);
      if (expired.length > 0) log.info({ expired: expired.length }, 'unpaid invoices expired');
    },
  },
  {
    // "Your plan ends in 3 days / 24 hours": each once per plan and period (the mail's key), whenever it runs.
    name: 'plan-reminders',
    cron: '* * * * *',
    handler: logCounts(log, 'plan reminders queued', async () => ({ queued: await queuePlanReminders(db) })),
  },
  {
    // A day before the end, the balance pays an auto-renewing plan's next period (a mail if it cannot).
    name: 'auto-renew',
    cron: '*/5 * * * *',
    handler: logCounts(log, 'auto-renew ran', autoRenew),
  },
  {
    // Resellers' webhooks: events found by time (plan.expiring/expired, usage.threshold) queued, then every
    // delivery that is due sent (retries with backoff for 24 hours; ADR 017).
    name: 'deliver-webhooks',
    cron: '* * * * *',
    handler: logCounts(log, 'webhooks queued and sent', async () => ({
      queued: await queueScheduledWebhookEvents(db),
      sent: await webhooks.deliverDue(),
    })),
  },
  {
    // "80% / 100% of your data is used" for per-GB plans, once per plan, threshold and data bought.
    name: 'usage-alerts',
    cron: '*/5 * * * *',
    handler: logCounts(log, 'usage alerts queued', async () => ({ queued: await queueUsageAlerts(db) })),
  },
  {
    name: 'clean-up-sessions-and-codes',
    cron: '17 3 * * *',
    handler: async () => {
      const gone = await deleteEndedSessionsAndCodes(db);
      const counters = await deleteExpiredAttempts(db);
      const idempotencyKeys = await deleteOldIdempotentRequests(db);
      log.info(
        { ...gone, counters, idempotencyKeys },
        'deleted ended sessions and used codes older than 30 days, expired counters, idempotency keys older than 24 h',
      );
    },
  },
  {
    // Usage per set of credentials (issue #31 item 4): hours kept 7 days, days 90, target hosts 30 (a finished
    // day keeps its top 20).
    name: 'prune-line-usage',
    cron: '37 * * * *',
    handler: logCounts(log, 'pruned usage per set of credentials', () => pruneLineUsage(db)),
  },
  {
    // Also run by every gateway's hourly maintenance: an advisory lock lets one fold at a time (ADR 006).
    name: 'roll-up-usage',
    cron: '7 * * * *',
    handler: logCounts(log, 'rolled usage up', async () => ({ days: await rollUpUsage(db) })),
  },
];
