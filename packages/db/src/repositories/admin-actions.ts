import { and, eq, sql } from 'drizzle-orm';
import { notifyAccessChanged } from '../access-changes.js';
import type { Db } from '../client.js';
import { isUuid } from '../schema/columns.js';
import { customerPlans, users } from '../schema/index.js';
import { revokeAllSessions, type User } from './accounts.js';
import { customerActionRefusal, type TargetRefusal } from './action-targets.js';
import { writeAudit, type Actor } from './admin.js';

/** What an action changed, for its audit row; `accessChanged` tells the gateways (issue #14). */
export interface CustomerChange {
  action: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  accessChanged?: boolean;
}

/**
 * One operator action on one customer (issue #17 §3): the customer's row locked, the change, its audit row and
 * the gateways' notice in one transaction. The target must be a customer or reseller other than the actor
 * (`customerActionRefusal`); `change` answers a refusal (a string) before it writes anything.
 */
export const changeCustomer = <Refusal extends string>(
  db: Db,
  actor: Actor,
  userId: string,
  reason: string,
  change: (tx: Db, user: User) => Promise<CustomerChange | Refusal>,
): Promise<CustomerChange | Refusal | TargetRefusal | 'no-such-customer'> =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    if (!isUuid(userId)) return 'no-such-customer';
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) return 'no-such-customer';
    const refused = customerActionRefusal(actor, user);
    if (refused) return refused;
    const outcome = await change(tx, user);
    if (typeof outcome === 'string') return outcome;
    await writeAudit(tx, actor, {
      action: outcome.action,
      targetType: 'user',
      targetId: userId,
      before: outcome.before,
      after: outcome.after,
      reason,
    });
    if (outcome.accessChanged) await notifyAccessChanged(tx);
    return outcome;
  });

const setUser = (tx: Db, id: string, patch: Partial<typeof users.$inferInsert>) =>
  tx.update(users).set(patch).where(eq(users.id, id));

/** Ends every live session of the account; answers how many there were (the customer's own `revokeAllSessions`). */
export const endSessions = revokeAllSessions;

/** Deactivation signs the customer out everywhere and the gateways refuse them at once. */
export const setActive = (active: boolean) => async (tx: Db, user: User) => {
  if (user.isActive === active) return 'unchanged' as const;
  await setUser(tx, user.id, { isActive: active });
  const ended = active ? 0 : await endSessions(tx, user.id);
  return {
    action: active ? 'customer.reactivate' : 'customer.deactivate',
    before: { isActive: user.isActive },
    after: { isActive: active, ...(ended ? { sessionsEnded: ended } : {}) },
    accessChanged: true,
  };
};

export const resetTwoFactor = async (tx: Db, user: User) => {
  if (!user.is2fa) return 'unchanged' as const;
  await setUser(tx, user.id, { is2fa: false });
  return { action: 'customer.reset-2fa', before: { is2fa: true }, after: { is2fa: false } };
};

/** Only between customer and reseller (`changeCustomer` keeps staff out): staff roles are the staff screen's. */
export const setReseller = (reseller: boolean) => async (tx: Db, user: User) => {
  const role = reseller ? 'reseller' : 'customer';
  if (user.role === role) return 'unchanged' as const;
  await setUser(tx, user.id, { role });
  return { action: 'customer.role', before: { role: user.role }, after: { role } };
};

export const revokeSessions = async (tx: Db, user: User) => {
  const ended = await endSessions(tx, user.id);
  return { action: 'customer.revoke-sessions', before: { sessions: ended }, after: { sessions: 0 } };
};

/** A password's last two characters: enough to tell two apart in the audit trail, useless to sign in with. */
const masked = (password: string) => `…${password.slice(-2)}`;

export const rotateProxyPassword = (password: string) => async (tx: Db, user: User) => {
  await setUser(tx, user.id, { proxyPassword: password });
  return {
    action: 'customer.proxy-password',
    before: { proxyPassword: masked(user.proxyPassword) },
    after: { proxyPassword: masked(password) },
    accessChanged: true,
  };
};

/** A new address ends the account's sessions, as the customer's own change does. */
export const changeEmail = (email: string) => async (tx: Db, user: User) => {
  if (user.email === email) return 'unchanged' as const;
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (taken) return 'email-taken' as const;
  await setUser(tx, user.id, { email });
  const ended = await endSessions(tx, user.id);
  return {
    action: 'customer.email',
    before: { email: user.email },
    after: { email, ...(ended ? { sessionsEnded: ended } : {}) },
  };
};

/** The confirmation mail itself is sent by the caller once this row is written. */
export const recordConfirmationResent = (_tx: Db, user: User) =>
  Promise.resolve(
    user.emailVerified
      ? ('confirmed' as const)
      : {
          action: 'customer.resend-confirmation',
          before: { emailVerified: false },
          after: { mailedTo: user.email },
        },
  );

const DAY_MS = 86_400_000;

/**
 * A gift on an active plan of the customer: its end pushed back by `days`, `gb` added to a data plan. The
 * gateways re-read it at once (a used-up plan may work again).
 */
export const giftPlan =
  ({ planId, days, gb }: { planId: string; days?: number | undefined; gb?: number | undefined }) =>
  async (tx: Db, user: User) => {
    if (!days && !gb) return 'nothing' as const;
    if (!isUuid(planId)) return 'no-such-plan' as const;
    const [plan] = await tx
      .select()
      .from(customerPlans)
      .where(and(eq(customerPlans.id, planId), eq(customerPlans.userId, user.id)))
      .for('update');
    if (!plan) return 'no-such-plan' as const;
    if (plan.status !== 'active') return 'not-active' as const;
    if (days && !plan.expiresAt) return 'no-end' as const;
    if (gb && plan.dataGb === null) return 'not-data-plan' as const;
    const expiresAt =
      days && plan.expiresAt ? new Date(plan.expiresAt.getTime() + days * DAY_MS) : plan.expiresAt;
    const dataGb = gb && plan.dataGb !== null ? Math.round((plan.dataGb + gb) * 1000) / 1000 : plan.dataGb;
    await tx.update(customerPlans).set({ expiresAt, dataGb }).where(eq(customerPlans.id, plan.id));
    const figures = (at: Date | null, data: number | null) => ({
      planId: plan.id,
      ...(days ? { expiresAt: at?.toISOString() ?? null } : {}),
      ...(gb ? { dataGb: data } : {}),
    });
    return {
      action: 'plan.gift',
      before: figures(plan.expiresAt, plan.dataGb),
      after: figures(expiresAt, dataGb),
      accessChanged: true,
    };
  };
