import { dueAutoRenewals, findUserById, recordAutoRenewFailure, type Db } from '@proxydesk/db';
import type { FastifyBaseLogger } from 'fastify';
import type { InvoiceService } from './invoice.service.js';
import type { Quotes } from './quote.js';

/**
 * Resellers' auto-renew (issue #16 §5): a day before a plan ends, its renewal is bought from the balance by the
 * same path as the Renew button (same plan, today's price, the same addresses); when the balance falls short, or
 * the plan can no longer be renewed, the reseller gets one mail. The job that calls it runs once at a time.
 */
export const createAutoRenew =
  ({
    db,
    invoices,
    quotes,
    log,
  }: {
    db: Db;
    invoices: InvoiceService;
    quotes: Quotes;
    log: FastifyBaseLogger;
  }) =>
  async (now = new Date()): Promise<{ renewed: number; failed: number }> => {
    let renewed = 0;
    let failed = 0;
    for (const plan of await dueAutoRenewals(db, now)) {
      const user = await findUserById(db, plan.userId);
      if (!user || !plan.expiresAt) continue;
      try {
        if (user.role !== 'reseller') throw new Error('only resellers pay from a balance');
        await invoices.create({ user, sessionId: null }, await quotes.renewal(user.id, plan.id), {
          paymentMethod: 'balance',
        });
        renewed += 1;
      } catch (error) {
        const reason = (error as Error).message.replace(/\.$/, '');
        log.warn({ planId: plan.id, reason }, 'auto-renew failed');
        await recordAutoRenewFailure(db, { id: plan.id, expiresAt: plan.expiresAt }, reason);
        failed += 1;
      }
    }
    return { renewed, failed };
  };
