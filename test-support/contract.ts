import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as contract from '@proxydesk/contract';
import { z, type Endpoint } from '@proxydesk/contract';
import { insertSession, insertUser, schema, type Db, type User } from '@proxydesk/db';
import { hashPassword, sha256 } from '../apps/api/src/modules/auth/credentials.js';
import { PASSWORD } from './accounts.js';

/**
 * Every endpoint the contract defines, found by walking its exports: a route added to any group is in here
 * without a test having to name it.
 */
export const contractEndpoints = (): Endpoint[] => {
  const found = new Map<string, Endpoint>();
  const seen = new Set<unknown>();
  const walk = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || seen.has(value) || depth > 3) return;
    seen.add(value);
    // A zod schema is not a group of endpoints.
    if ('_zod' in value) return;
    const candidate = value as Partial<Endpoint>;
    if (typeof candidate.method === 'string' && typeof candidate.path === 'string') {
      found.set(`${candidate.method} ${candidate.path}`, value as Endpoint);
      return;
    }
    for (const inner of Object.values(value)) walk(inner, depth + 1);
  };
  for (const exported of Object.values(contract)) walk(exported, 0);
  return [...found.values()].sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
};

/** The names of a path's `:name` parameters. */
export const pathParams = (path: string): string[] => [...path.matchAll(/:([a-zA-Z_]+)/g)].map((m) => m[1]!);

/** A schema as JSON Schema (input side), to shape generated requests after it. */
export const jsonSchemaOf = (schema: z.ZodMiniType | undefined): Record<string, unknown> | undefined =>
  schema ? z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) : undefined;

/**
 * A session token for `user`, written straight to the database (no mail, no sign-in limits); `secondFactor`
 * as if signed in with the mailed code (the console's staff, issue #28).
 */
export const mintSession = async (db: Db, user: User, { secondFactor = false } = {}): Promise<string> => {
  const token = randomBytes(32).toString('base64url');
  await insertSession(db, {
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + 3_600_000),
    ip: null,
    userAgent: null,
    secondFactor,
  });
  return token;
};

/** A (new) API key for `user`, replacing any other, written straight to the database. */
export const mintApiKey = async (db: Db, user: User): Promise<string> => {
  const key = `pdk_${randomBytes(32).toString('base64url')}`;
  const row = { userId: user.id, keyHash: sha256(key), prefix: key.slice(0, 12) };
  await db.insert(schema.apiKeys).values(row).onConflictDoUpdate({ target: schema.apiKeys.userId, set: row });
  return key;
};

let passwordHash: Promise<string> | undefined;

/** An active, confirmed account with PASSWORD, written straight to the database. */
export const seedAccount = async (
  db: Db,
  name: string,
  values: Partial<typeof schema.users.$inferInsert> = {},
): Promise<User> => {
  passwordHash ??= hashPassword(PASSWORD);
  const user = await insertUser(db, {
    username: name,
    email: `${name}@example.com`,
    passwordHash: await passwordHash,
    emailVerified: true,
    referralCode: name
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, 'X')
      .padEnd(8, 'X')
      .slice(0, 16),
    proxyUsername: `u_${name}`,
    proxyPassword: randomBytes(8).toString('hex'),
  });
  if (Object.keys(values).length === 0) return user;
  const [updated] = await db.update(schema.users).set(values).where(eq(schema.users.id, user.id)).returning();
  return updated ?? user;
};
