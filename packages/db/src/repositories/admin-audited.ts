import type { Db } from '../client.js';
import { writeAudit, type Actor } from './admin.js';

/**
 * A change the operator cannot make as asked (a code already taken, an unknown method): thrown inside the
 * transaction, so nothing is written; its message is for the operator.
 */
export class Refusal extends Error {}

/** What an audited change did: the row before and after, and what the caller answers. */
export interface Change<T> {
  before: unknown;
  after: unknown;
  result: T;
  /** The target's id when the change made it (a new row). */
  targetId?: string;
}

/**
 * Runs an operator's change and writes its audit row (who, from where, what, before → after, why) in one
 * transaction (issue #17 §7). `change` answers undefined when its target does not exist, or throws a Refusal:
 * nothing is written.
 */
export const auditedChange = <T>(
  db: Db,
  actor: Actor,
  what: { action: string; targetType: string; targetId?: string; reason: string },
  change: (tx: Db) => Promise<Change<T> | undefined>,
): Promise<T | undefined> =>
  db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const done = await change(tx);
    if (!done) return undefined;
    await writeAudit(tx, actor, {
      action: what.action,
      targetType: what.targetType,
      targetId: done.targetId ?? what.targetId ?? '',
      before: done.before ?? null,
      after: done.after ?? null,
      reason: what.reason,
    });
    return done.result;
  });
