import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { insertSession, insertUser, schema, updateUserAndRevokeSessions } from '../src/index.js';
import { openTestDatabase, type TestDatabase } from '../../../test-support/databases.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase(inject('testDb'));
});
afterAll(() => database.close());

const session = (userId: string, tokenHash: string) => ({
  userId,
  tokenHash,
  expiresAt: new Date(Date.now() + 3_600_000),
  ip: null,
  userAgent: null,
});

describe('a password change and the sessions it ends (issue #15 §12)', () => {
  it('is all or nothing: when the new session cannot be opened, the old password and sessions stand', async () => {
    const user = await insertUser(database.db, {
      username: 'atomic',
      email: 'atomic@example.com',
      passwordHash: 'old-hash',
      emailVerified: true,
      referralCode: 'ATOMICXX',
      proxyUsername: 'u_atomic',
      proxyPassword: 'secret',
    });
    await insertSession(database.db, session(user.id, 'old-session'));
    // The new session's token hash is taken: its insert fails after the update and the revocation.
    await expect(
      updateUserAndRevokeSessions(
        database.db,
        user.id,
        { passwordHash: 'new-hash' },
        { start: session(user.id, 'old-session') },
      ),
    ).rejects.toThrow();
    const [after] = await database.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(after!.passwordHash).toBe('old-hash');
    const live = await database.db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id));
    expect(live.map((row) => row.revokedAt)).toEqual([null]);
  });
});
