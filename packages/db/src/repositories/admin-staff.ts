import { asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { isUuid } from '../schema/columns.js';
import { sessions, users } from '../schema/index.js';
import { endSessions } from './admin-actions.js';
import { writeAudit, type Actor } from './admin.js';

export type StaffRole = 'operator' | 'support';
const STAFF_ROLES: StaffRole[] = ['operator', 'support'];

/** Operators and support members by username, with their newest session's start (issue #28 item 2). */
export const listStaff = (db: Db) =>
  db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
      is2fa: users.is2fa,
      lastSignIn: max(sessions.createdAt),
    })
    .from(users)
    .leftJoin(sessions, eq(sessions.userId, users.id))
    .where(inArray(users.role, STAFF_ROLES))
    .groupBy(users.id)
    .orderBy(asc(sql`lower(${users.username})`));

export type StaffChange =
  | { username: string; sessionsEnded: number }
  | 'no-such-user'
  | 'self'
  | 'already-staff'
  | 'not-a-customer'
  | 'not-staff';

/**
 * Gives a customer's account (found by username) a console role, with its audit row, in one transaction
 * under the account's lock. A reseller stays a reseller until made a customer (their balance and key are a
 * reseller's); staff and the actor's own account are refused.
 */
export const addStaff = (
  db: Db,
  actor: Actor,
  { username, role, reason }: { username: string; role: StaffRole; reason: string },
): Promise<StaffChange> =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [user] = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
      .for('update');
    if (!user) return 'no-such-user';
    if (user.id === actor.userId) return 'self';
    if (user.role === 'operator' || user.role === 'support') return 'already-staff';
    if (user.role !== 'customer') return 'not-a-customer';
    await tx.update(users).set({ role }).where(eq(users.id, user.id));
    await writeAudit(tx, actor, {
      action: 'staff.add',
      targetType: 'user',
      targetId: user.id,
      before: { role: user.role },
      after: { role },
      reason,
    });
    return { username: user.username, sessionsEnded: 0 };
  });

/** Makes a member of staff a customer again and ends their sessions, with its audit row, in one transaction. */
export const removeStaff = (
  db: Db,
  actor: Actor,
  { userId, reason }: { userId: string; reason: string },
): Promise<StaffChange> =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    if (!isUuid(userId)) return 'no-such-user';
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) return 'no-such-user';
    if (user.id === actor.userId) return 'self';
    if (user.role !== 'operator' && user.role !== 'support') return 'not-staff';
    await tx.update(users).set({ role: 'customer' }).where(eq(users.id, user.id));
    const sessionsEnded = await endSessions(tx, user.id);
    await writeAudit(tx, actor, {
      action: 'staff.remove',
      targetType: 'user',
      targetId: user.id,
      before: { role: user.role },
      after: { role: 'customer', sessionsEnded },
      reason,
    });
    return { username: user.username, sessionsEnded };
  });
