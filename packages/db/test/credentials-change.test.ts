import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertSession, insertUser, schema, updateUserAndRevokeSessions } from '../src/index.js';
import { useTestDatabase } from '../../../test-support/test-database.js';

const bed = useTestDatabase();

const session = (userId: string, tokenHash: string) => ({
  userId,
  tokenHash,
  expiresAt: new Date(Date.now() + 3_600_000),
  ip: null,
  userAgent: null,
});

describe('a password change and the sessions it ends (issue #15 §12)', () => {
  it('is all or nothing: when the new session cannot be opened, the old password and sessions stand', async () => {
    const user = await insertUser(bed.database.db, {
      username: 'atomic',
      email: 'atomic@example.com',
      passwordHash: 'old-hash',
      emailVerified: true,
      referralCode: 'ATOMICXX',
      proxyUsername: 'u_atomic',
      proxyPassword: 'secret',
    });
    await insertSession(bed.database.db, session(user.id, 'old-session'));
    // The new session's token hash is taken: its insert fails after the update and the revocation.
    await expect(
      updateUserAndRevokeSessions(
        bed.database.db,
        user.id,
        { passwordHash: 'new-hash' },
        { start: session(user.id, 'old-session') },
      ),
    ).rejects.toThrow();
    const [after] = await bed.database.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(after!.passwordHash).toBe('old-hash');
    const live = await bed.database.db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.userId, user.id));
    expect(live.map((row) => row.revokedAt)).toEqual([null]);
  });
});
