import { findSessionUser, listenOnChannel, type Database, type User } from '@proxydesk/db';
import type pg from 'pg';

/** Where the database announces (by trigger, on commit) that an account or its sessions changed: migration 0013. */
export const SESSION_CHANNEL = 'proxydesk_sessions';

/** A session remembered at most this long, however quiet its account (a safety net, not the rule). */
const LONGEST_KEPT_MS = 60_000;
/** Sessions remembered at most; past it the memory starts again empty. */
const MOST_KEPT = 10_000;
/**
 * Memory answers only while the listening connection has proven itself live this recently (issue #28 item 6):
 * a half-open connection hears nothing and says nothing, so past this without a heartbeat every lookup goes to
 * the database. A change elsewhere is thus followed within this bound, however the connection fails.
 */
export const TRUSTED_WITHOUT_HEARTBEAT_MS = 5000;

interface Kept extends FoundSession {
  /** Epoch ms: the session's end, or the end of keeping it, whichever comes first. */
  until: number;
}

/** A live session: its id, whether it was signed in with the second factor, and its account. */
export interface FoundSession {
  sessionId: string;
  secondFactor: boolean;
  user: User;
}

export interface SessionCache {
  /** The live session with this token hash and its account, if any: from memory when known, else the database. */
  find(tokenHash: string): Promise<FoundSession | undefined>;
  close(): Promise<void>;
}

/** A statement that changes accounts or sessions, as drizzle and hand-written SQL spell it. */
const CHANGES_ACCOUNTS = /^\s*(?:update|delete\s+from)\s+"?(?:users|sessions)"?\s/i;
const ENDS_TRANSACTION = /^\s*(?:commit|rollback|end)\b/i;
const watched = Symbol('session writes watched');

type Query = (...args: unknown[]) => unknown;
type WatchedClient = pg.PoolClient & { [watched]?: true };

/**
 * PostgreSQL announces a change to the listening connection a moment after commit; this instance's own changes
 * are not waited for: each connection of its pool that changes accounts or sessions calls `onChange` when the
 * statement is sent, when it is done and when its transaction ends, before the caller hears back. So a sign-out,
 * a password change or the command line's role change is followed at once by this instance, and by the others
 * as soon as the announcement arrives.
 */
const watchOwnWrites = (pool: pg.Pool, onChange: () => void) => {
  pool.on('acquire', (client: WatchedClient) => {
    if (client[watched]) return;
    client[watched] = true;
    let changedInTransaction = false;
    const query = client.query.bind(client) as Query;
    (client as unknown as { query: Query }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string } | undefined;
      const text = (typeof first === 'string' ? first : first?.text) ?? '';
      const changes = CHANGES_ACCOUNTS.test(text);
      const ends = changedInTransaction && ENDS_TRANSACTION.test(text);
      if (!changes && !ends) return query(...args);
      changedInTransaction = changes;
      onChange();
      // pg-pool's own query() calls back rather than awaiting.
      const last = args.at(-1);
      if (typeof last === 'function')
        args[args.length - 1] = (...answer: unknown[]) => {
          onChange();
          return (last as Query)(...answer);
        };
      const result = query(...args);
      if (result instanceof Promise) result.then(onChange, onChange);
      return result;
    };
  });
};

/**
 * Sessions answered from memory (ADR 008). Correct because every change to an account or its sessions (sign-out,
 * password, deactivation, the console's revoke-all, any update of the row) is announced by the database on commit
 * and drops that account's sessions here: in process on PGlite, over LISTEN/NOTIFY on PostgreSQL, so on every
 * instance. While the listening connection is lost, or has given no heartbeat for TRUSTED_WITHOUT_HEARTBEAT_MS
 * (frozen without closing), nothing is answered from memory (every lookup goes to the database), and all is
 * forgotten when it is back.
 */
export const createSessionCache = async (database: Database): Promise<SessionCache> => {
  const kept = new Map<string, Kept>();
  const byUser = new Map<string, Set<string>>();
  let listening = false;
  /** Epoch ms of the last heartbeat's sending; PGlite announces in process and needs none. */
  let heartbeatAt = database.pglite ? Infinity : 0;
  const trusted = () => listening && Date.now() - heartbeatAt <= TRUSTED_WITHOUT_HEARTBEAT_MS;
  /** Counts forgettings: a lookup that raced one is answered but not remembered. */
  let forgettings = 0;

  const forgetAll = () => {
    forgettings += 1;
    kept.clear();
    byUser.clear();
  };
  const forgetUser = (userId: string) => {
    forgettings += 1;
    for (const tokenHash of byUser.get(userId) ?? []) kept.delete(tokenHash);
    byUser.delete(userId);
  };
  const remember = (tokenHash: string, entry: Kept) => {
    if (kept.size >= MOST_KEPT) forgetAll();
    kept.set(tokenHash, entry);
    const hashes = byUser.get(entry.user.id) ?? new Set<string>();
    hashes.add(tokenHash);
    byUser.set(entry.user.id, hashes);
  };

  if (database.pool) watchOwnWrites(database.pool, forgetAll);
  const stop = await listenOnChannel(
    database,
    SESSION_CHANNEL,
    (userId) => (userId ? forgetUser(userId) : forgetAll()),
    (now) => {
      listening = now;
      forgetAll();
    },
    (sentAt) => {
      heartbeatAt = Math.max(heartbeatAt, sentAt);
    },
  );

  return {
    find: async (tokenHash) => {
      const now = Date.now();
      const hit = kept.get(tokenHash);
      if (hit && hit.until > now && trusted()) return hit;
      if (hit) kept.delete(tokenHash);
      const before = forgettings;
      const found = await findSessionUser(database.db, tokenHash, new Date(now));
      if (!found) return undefined;
      const { sessionId, secondFactor, user, expiresAt } = found;
      if (trusted() && before === forgettings)
        remember(tokenHash, {
          sessionId,
          secondFactor,
          user,
          until: Math.min(expiresAt.getTime(), now + LONGEST_KEPT_MS),
        });
      return { sessionId, secondFactor, user };
    },
    close: async () => {
      listening = false;
      forgetAll();
      // The database may be gone already (closed under the app by a test or a fault).
      await stop().catch(() => undefined);
    },
  };
};
