import { ADMIN_MESSAGES, type AccessLevel } from '@proxydesk/contract';
import { findUserByApiKeyHash, type Db, type User } from '@proxydesk/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addressKey } from '../lib/client-address.js';
import type { Counters } from '../lib/counters.js';
import { HttpError } from '../lib/http-error.js';
import { bindUser } from '../lib/request-log.js';
import { sha256 } from '../modules/auth/credentials.js';
import type { SessionCache } from '../modules/auth/session-cache.js';

/** Who is calling: the account, and the session when signed in with a token (not with an API key). */
export interface Account {
  user: User;
  sessionId: string | null;
  /** The session was signed in with the second factor (the mailed code after the password); absent for API keys. */
  secondFactor?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    account: Account | null;
  }
  interface FastifyInstance {
    /** Resolves the caller of a protected route or throws 401/403 (DESIGN.md §2). */
    authenticate(request: FastifyRequest, level: Exclude<AccessLevel, 'public'>): Promise<Account>;
  }
}

const unauthorized = () => new HttpError(401, 'Not signed in, or the session has expired');

/** `Authorization: Bearer <session token>`, or `Api-Key <key>` for resellers. */
const resolve = async (db: Db, sessions: SessionCache, header: string | undefined): Promise<Account> => {
  const [scheme, secret] = (header ?? '').split(' ', 2);
  if (!secret) throw unauthorized();
  if (scheme?.toLowerCase() === 'bearer') {
    const found = await sessions.find(sha256(secret));
    if (!found) throw unauthorized();
    return { user: found.user, sessionId: found.sessionId, secondFactor: found.secondFactor };
  }
  if (scheme?.toLowerCase() === 'api-key') {
    const user = await findUserByApiKeyHash(db, sha256(secret));
    if (!user || user.role !== 'reseller') throw unauthorized();
    return { user, sessionId: null };
  }
  throw unauthorized();
};

/**
 * Failed `Authorization` attempts per client address (issue #28 item 7): [attempts, window in seconds]. A bad
 * Bearer token or Api-Key counts; no credential at all does not (a signed-out page asking is no guess).
 */
export const FAILED_AUTH_LIMIT = [50, 900] as const;

/**
 * `resolve`, counted: once an address has used up its budget of failed credentials, every credential from it is
 * refused (429) before it is looked up, so that a guesser cannot tell a right one from a wrong one.
 */
const countedResolve =
  (db: Db, sessions: SessionCache, counters: Counters) =>
  async (request: FastifyRequest): Promise<Account> => {
    const header = request.headers.authorization;
    if (!header?.trim()) return resolve(db, sessions, header);
    const key = `auth-failed:${addressKey(request.ip ?? request.socket?.remoteAddress ?? 'gone')}`;
    const [max, windowSeconds] = FAILED_AUTH_LIMIT;
    const sofar = await counters.peek(key);
    if (sofar.count >= max)
      throw new HttpError(
        429,
        `Too many failed sign-ins from your address: try again in ${Math.ceil(sofar.retryAfterSeconds / 60)} minutes`,
      );
    try {
      return await resolve(db, sessions, header);
    } catch (error) {
      await counters.hit(key, max, windowSeconds);
      throw error;
    }
  };

/** Console levels: anyone else is told the path does not exist, exactly as for an unknown path (issue #17 §1). */
const STAFF_LEVELS: ReadonlySet<AccessLevel> = new Set(['staff', 'operator']);
const STAFF_ROLES: ReadonlySet<string> = new Set(['operator', 'support']);

/**
 * The console's caller: a signed-in operator or support member (never an API key), with 2FA on and this session
 * signed in with it (issue #28 item 1): a password alone never opens the console.
 */
const resolveStaff = async (
  resolveCaller: (request: FastifyRequest) => Promise<Account>,
  request: FastifyRequest,
  level: AccessLevel,
): Promise<Account> => {
  const hidden = new HttpError(404, `No route ${request.method} ${request.url.split('?')[0] ?? request.url}`);
  const account = await resolveCaller(request).catch((error: unknown) => {
    throw error instanceof HttpError && error.statusCode === 429 ? error : hidden;
  });
  const { user } = account;
  if (!account.sessionId || !user.isActive || !STAFF_ROLES.has(user.role)) throw hidden;
  if (!user.is2fa) throw new HttpError(403, ADMIN_MESSAGES.turnOnTwoFactor);
  if (!account.secondFactor) throw new HttpError(403, ADMIN_MESSAGES.signInWithCode);
  if (level === 'operator' && user.role !== 'operator')
    throw new HttpError(403, 'Support has read-only access to the console');
  return account;
};

/**
 * Sessions are looked up through `sessions` (answered from memory while that stays correct, ADR 008); failed
 * credentials are counted in `counters`, shared by the instances (Redis, else the database).
 */
export const registerAuthentication = (
  app: FastifyInstance,
  db: Db,
  sessions: SessionCache,
  counters: Counters,
): void => {
  const resolveCaller = countedResolve(db, sessions, counters);
  app.decorateRequest('account', null);
  app.decorate('authenticate', async (request: FastifyRequest, level: Exclude<AccessLevel, 'public'>) => {
    if (STAFF_LEVELS.has(level)) return (request.account = await resolveStaff(resolveCaller, request, level));
    const account = await resolveCaller(request);
    // Account security takes a signed-in person, not a script's key (issue #15).
    if (level === 'session' && !account.sessionId) throw unauthorized();
    // Deactivation revokes every session; a key or a session that outlived it still stops here.
    if (!account.user.isActive) throw unauthorized();
    if (level === 'reseller' && account.user.role !== 'reseller')
      throw new HttpError(403, 'Only resellers can do this');
    request.account = account;
    bindUser(request, account.user.id);
    return account;
  });
};
