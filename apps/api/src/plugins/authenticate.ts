import type { AccessLevel } from '@proxydesk/contract';
import { findSessionUser, findUserByApiKeyHash, type Db, type User } from '@proxydesk/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error.js';
import { bindUser } from '../lib/request-log.js';
import { sha256 } from '../modules/auth/credentials.js';

/** Who is calling: the account, and the session when signed in with a token (not with an API key). */
export interface Account {
  user: User;
  sessionId: string | null;
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
const resolve = async (db: Db, header: string | undefined): Promise<Account> => {
  const [scheme, secret] = (header ?? '').split(' ', 2);
  if (!secret) throw unauthorized();
  if (scheme?.toLowerCase() === 'bearer') {
    const found = await findSessionUser(db, sha256(secret));
    if (!found) throw unauthorized();
    return { user: found.user, sessionId: found.sessionId };
  }
  if (scheme?.toLowerCase() === 'api-key') {
    const user = await findUserByApiKeyHash(db, sha256(secret));
    if (!user || user.role !== 'reseller') throw unauthorized();
    return { user, sessionId: null };
  }
  throw unauthorized();
};

export const registerAuthentication = (app: FastifyInstance, db: Db): void => {
  app.decorateRequest('account', null);
  app.decorate('authenticate', async (request: FastifyRequest, level: Exclude<AccessLevel, 'public'>) => {
    const account = await resolve(db, request.headers.authorization);
    // Deactivation revokes every session; a key or a session that outlived it still stops here.
    if (!account.user.isActive) throw unauthorized();
    if (level === 'reseller' && account.user.role !== 'reseller')
      throw new HttpError(403, 'Only resellers can do this');
    request.account = account;
    bindUser(request, account.user.id);
    return account;
  });
};
