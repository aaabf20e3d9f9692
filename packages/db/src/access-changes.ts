import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db } from './client.js';

/** The channel on which every change of who may use the proxy gateway is announced (issue #14 item 3). */
export const ACCESS_CHANNEL = 'proxydesk_access';

/**
 * Tells every gateway that who may use it changed (a payment, an activation, a whitelist edit, a password or
 * deactivation). Called inside the transaction that made the change: PostgreSQL delivers it on commit, and
 * not at all on rollback.
 */
export const notifyAccessChanged = async (tx: Db): Promise<void> => {
  await tx.execute(sql`select pg_notify(${ACCESS_CHANNEL}, '')`);
};

const LONGEST_WAIT_MS = 2000;

/** Calls `onChange` at each access change announced (see `listenOnChannel`). Answers how to stop listening. */
export const listenForAccessChanges = (
  database: Database,
  onChange: () => void,
): Promise<() => Promise<void>> => listenOnChannel(database, ACCESS_CHANNEL, onChange);

/**
 * Calls `onChange` with the payload of each announcement on `channel`. On PGlite, in process; on PostgreSQL over a
 * connection of its own that reconnects with back-off (0.2 s doubling to 2 s) and calls `onChange()` (no payload)
 * once it is back, for what it missed. `onListening` is told when announcements may be missed (false: the
 * connection is lost) and when they are heard again (true). Answers how to stop listening.
 */
export const listenOnChannel = async (
  database: Database,
  channel: string,
  onChange: (payload?: string) => void,
  onListening: (listening: boolean) => void = () => undefined,
): Promise<() => Promise<void>> => {
  if (database.pglite) {
    const unlisten = await database.pglite.listen(channel, (payload) => onChange(payload));
    onListening(true);
    return async () => {
      onListening(false);
      await unlisten();
    };
  }
  const connectionString = (database.pool?.options as { connectionString?: string } | undefined)
    ?.connectionString;
  if (!connectionString) return () => Promise.resolve();
  let stopped = false;
  let client: pg.Client | undefined;
  let wait = 0;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 3000, keepAlive: true });
    const retry = () => {
      onListening(false);
      next.removeAllListeners();
      next.on('error', () => undefined);
      void next.end().catch(() => undefined);
      if (client === next) client = undefined;
      if (stopped) return;
      wait = Math.min(LONGEST_WAIT_MS, wait ? wait * 2 : 200);
      timer = setTimeout(() => void connect(), wait);
    };
    next.on('error', retry);
    next.on('end', retry);
    next.on('notification', (message) => message.channel === channel && onChange(message.payload));
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch {
      retry();
      return;
    }
    const reconnected = wait > 0;
    wait = 0;
    client = next;
    onListening(true);
    if (reconnected) onChange();
  };
  await connect();
  return async () => {
    stopped = true;
    onListening(false);
    clearTimeout(timer);
    const last = client;
    client = undefined;
    if (last) {
      last.removeAllListeners();
      last.on('error', () => undefined);
      await last.end().catch(() => undefined);
    }
  };
};
