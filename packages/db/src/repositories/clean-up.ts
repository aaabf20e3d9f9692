import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../client.js';
import { otps, sessions } from '../schema/index.js';

/** How long ended sessions and used or expired codes are kept (issue #16 §3). */
export const KEEP_ENDED_DAYS = 30;

/**
 * Deletes sessions that expired or were revoked, and codes that were used or expired, more than 30 days before
 * `now`. Idempotent: running it twice deletes nothing more. Answers how many rows of each went.
 */
export const deleteEndedSessionsAndCodes = async (
  db: Db,
  now = new Date(),
): Promise<{ sessions: number; codes: number }> => {
  const before = new Date(now.getTime() - KEEP_ENDED_DAYS * 86_400_000);
  const goneSessions = await db
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, before), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, before))),
    )
    .returning({ id: sessions.id });
  const goneCodes = await db
    .delete(otps)
    .where(or(lt(otps.expiresAt, before), and(isNotNull(otps.consumedAt), lt(otps.consumedAt, before))))
    .returning({ id: otps.id });
  return { sessions: goneSessions.length, codes: goneCodes.length };
};
