import { describe, expect, it } from 'vitest';
import { deleteEndedSessionsAndCodes, insertUser, schema } from '../src/index.js';
import { useTestDatabase } from '../../../test-support/test-database.js';

const bed = useTestDatabase();

const DAY = 86_400_000;
const now = new Date('2026-11-23T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

describe('clean-up of ended sessions and used codes (issue #16 §3)', () => {
  it('deletes what ended more than 30 days ago, keeps the rest, and deletes nothing more the second time', async () => {
    const user = await insertUser(bed.database.db, {
      username: 'tidy',
      email: 'tidy@example.com',
      passwordHash: null,
      emailVerified: true,
      referralCode: 'TIDYXXXX',
      proxyUsername: 'u_tidy',
      proxyPassword: 'secret',
    });
    const session = (tokenHash: string, expiresAt: Date, revokedAt: Date | null = null) => ({
      userId: user.id,
      tokenHash,
      expiresAt,
      revokedAt,
    });
    await bed.database.db
      .insert(schema.sessions)
      .values([
        session('expired-long-ago', daysAgo(31)),
        session('revoked-long-ago', daysAgo(-5), daysAgo(40)),
        session('expired-lately', daysAgo(29)),
        session('revoked-lately', daysAgo(-5), daysAgo(2)),
        session('live', daysAgo(-5)),
      ]);
    const code = (codeHash: string, expiresAt: Date, consumedAt: Date | null = null) => ({
      userId: user.id,
      purpose: 'login' as const,
      email: 'tidy@example.com',
      codeHash,
      expiresAt,
      consumedAt,
    });
    await bed.database.db
      .insert(schema.otps)
      .values([
        code('used-long-ago', daysAgo(35), daysAgo(35)),
        code('expired-long-ago', daysAgo(31)),
        code('used-lately', daysAgo(1), daysAgo(1)),
        code('live', daysAgo(-1)),
      ]);

    expect(await deleteEndedSessionsAndCodes(bed.database.db, now)).toEqual({ sessions: 2, codes: 2 });
    const sessions = await bed.database.db
      .select({ tokenHash: schema.sessions.tokenHash })
      .from(schema.sessions);
    expect(sessions.map((s) => s.tokenHash).sort()).toEqual(['expired-lately', 'live', 'revoked-lately']);
    const codes = await bed.database.db.select({ codeHash: schema.otps.codeHash }).from(schema.otps);
    expect(codes.map((c) => c.codeHash).sort()).toEqual(['live', 'used-lately']);
    expect(await deleteEndedSessionsAndCodes(bed.database.db, now)).toEqual({ sessions: 0, codes: 0 });
  });
});
