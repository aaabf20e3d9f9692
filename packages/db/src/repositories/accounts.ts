import { and, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { notifyAccessChanged } from '../access-changes.js';
import type { Db } from '../client.js';
import { apiKeys, otps, sessions, users } from '../schema/index.js';

export type User = typeof users.$inferSelect;
export type NewUser = Pick<
  typeof users.$inferInsert,
  'username' | 'email' | 'passwordHash' | 'emailVerified'
> &
  Partial<Pick<typeof users.$inferInsert, 'referredBy' | 'googleSub' | 'discordId'>> & {
    referralCode: string;
    proxyUsername: string;
    proxyPassword: string;
  };
export type OtpPurpose = (typeof otps.$inferSelect)['purpose'];
export type Otp = typeof otps.$inferSelect;

/** The unique index a failed insert or update ran into, when that was the failure. */
export const violatedUniqueIndex = (error: unknown): string | undefined => {
  let current: unknown = error;
  // Drizzle wraps the driver's error (pg or PGlite) in `cause`.
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    current = cause;
  }
  return undefined;
};

const lower = (value: string) => value.toLowerCase();

export const findUserById = async (db: Db, id: string): Promise<User | undefined> =>
  (await db.select().from(users).where(eq(users.id, id)))[0];

/** By username or e-mail, case-insensitive. */
export const findUserByLogin = async (db: Db, login: string): Promise<User | undefined> =>
  (
    await db
      .select()
      .from(users)
      .where(
        or(sql`lower(${users.username}) = ${lower(login)}`, sql`lower(${users.email}) = ${lower(login)}`),
      )
      .limit(1)
  )[0];

export const findUserByEmail = async (db: Db, email: string): Promise<User | undefined> =>
  (
    await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${lower(email)}`)
  )[0];

export const findUserByReferralCode = async (db: Db, code: string): Promise<User | undefined> =>
  (await db.select().from(users).where(eq(users.referralCode, code)))[0];

export const findUserByProvider = async (
  db: Db,
  provider: 'google' | 'discord',
  subject: string,
): Promise<User | undefined> =>
  (
    await db
      .select()
      .from(users)
      .where(eq(provider === 'google' ? users.googleSub : users.discordId, subject))
  )[0];

/** Inserts an account; a taken username, e-mail or code surfaces as a unique violation (see violatedUniqueIndex). */
export const insertUser = async (db: Db, user: NewUser): Promise<User> => {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('insert returned no user');
  return row;
};

export type UserPatch = Partial<
  Pick<
    User,
    | 'email'
    | 'emailVerified'
    | 'passwordHash'
    | 'isActive'
    | 'is2fa'
    | 'googleSub'
    | 'discordId'
    | 'role'
    | 'proxyPassword'
  >
>;

export const updateUser = async (db: Db, id: string, patch: UserPatch): Promise<void> => {
  // What the gateway checks (proxy password, active account) reaches it at once (issue #14).
  if (patch.proxyPassword === undefined && patch.isActive === undefined && patch.passwordHash === undefined) {
    await db.update(users).set(patch).where(eq(users.id, id));
    return;
  }
  await db.transaction(async (tx) => {
    await tx.update(users).set(patch).where(eq(users.id, id));
    await notifyAccessChanged(tx);
  });
};

/* Sessions: only the token's hash is stored (DESIGN.md §2). */

export interface NewSession {
  userId: string;
  tokenHash: string;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
  /** Signed in with the second factor (the mailed code after the password); false when left out. */
  secondFactor?: boolean;
}

export const insertSession = async (db: Db, session: NewSession): Promise<void> => {
  await db.insert(sessions).values(session);
};

/** The live session with this token hash, its end, whether it had the second factor and its account, if any. */
export const findSessionUser = async (db: Db, tokenHash: string, now = new Date()) =>
  (
    await db
      .select({
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        secondFactor: sessions.secondFactor,
        user: users,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
  )[0];

export const revokeSession = async (db: Db, sessionId: string): Promise<void> => {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
};

export const revokeAllSessions = async (db: Db, userId: string): Promise<number> =>
  (
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id })
  ).length;

/**
 * A change of credentials and the sessions it ends, in one transaction (issue #15): the account's other
 * sessions are revoked (all but `keep`), and `start` opens the session of the device that made the change.
 * Either all of it happens or none: never a new password with the old sessions still valid.
 */
export const updateUserAndRevokeSessions = async (
  db: Db,
  userId: string,
  patch: UserPatch,
  sessionsAfter: { keep?: string | null; start?: NewSession } = {},
): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx.update(users).set(patch).where(eq(users.id, userId));
    const live = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(sessionsAfter.keep ? and(live, ne(sessions.id, sessionsAfter.keep)) : live);
    if (sessionsAfter.start) await tx.insert(sessions).values(sessionsAfter.start);
    await notifyAccessChanged(tx);
  });
};

/* One-time codes. */

/** A new code replaces any unused one of the same purpose. */
export const insertOtp = async (
  db: Db,
  otp: {
    userId: string;
    purpose: OtpPurpose;
    email: string;
    codeHash: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx
      .update(otps)
      .set({ consumedAt: new Date() })
      .where(and(eq(otps.userId, otp.userId), eq(otps.purpose, otp.purpose), isNull(otps.consumedAt)));
    await tx.insert(otps).values(otp);
  });
};

/** The newest code of these purposes, used or not (its age throttles resending). */
export const latestOtp = async (db: Db, userId: string, purposes: OtpPurpose[]): Promise<Otp | undefined> =>
  (
    await db
      .select()
      .from(otps)
      .where(and(eq(otps.userId, userId), or(...purposes.map((p) => eq(otps.purpose, p)))))
      .orderBy(desc(otps.createdAt))
      .limit(1)
  )[0];

/** Counts one wrong try; answers the tries so far. */
export const countOtpAttempt = async (db: Db, otpId: string): Promise<number> => {
  const [row] = await db
    .update(otps)
    .set({ attempts: sql`${otps.attempts} + 1` })
    .where(eq(otps.id, otpId))
    .returning({ attempts: otps.attempts });
  return row?.attempts ?? Number.POSITIVE_INFINITY;
};

/** Marks a code used; false when another request used it first (single use under concurrency). */
export const consumeOtp = async (db: Db, otpId: string): Promise<boolean> =>
  (
    await db
      .update(otps)
      .set({ consumedAt: new Date() })
      .where(and(eq(otps.id, otpId), isNull(otps.consumedAt)))
      .returning({ id: otps.id })
  ).length === 1;

/* A reseller's API key: one per account, only its hash and first characters kept. */

export const replaceApiKey = async (
  db: Db,
  userId: string,
  keyHash: string,
  prefix: string,
): Promise<void> => {
  await db
    .insert(apiKeys)
    .values({ userId, keyHash, prefix })
    .onConflictDoUpdate({ target: apiKeys.userId, set: { keyHash, prefix, createdAt: new Date() } });
};

export const findApiKeyPrefix = async (db: Db, userId: string): Promise<string | undefined> =>
  (await db.select({ prefix: apiKeys.prefix }).from(apiKeys).where(eq(apiKeys.userId, userId)))[0]?.prefix;

export const findUserByApiKeyHash = async (db: Db, keyHash: string): Promise<User | undefined> =>
  (
    await db
      .select({ user: users })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(eq(apiKeys.keyHash, keyHash))
  )[0]?.user;

/** Removes an account that never confirmed its e-mail (it cannot have signed in, so it owns nothing). */
export const deleteUnconfirmedUser = async (db: Db, id: string): Promise<void> => {
  await db.delete(users).where(and(eq(users.id, id), eq(users.emailVerified, false)));
};
