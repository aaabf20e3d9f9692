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
/** How often the listening connection proves itself live (issue #28 item 6). */
export const HEARTBEAT_MS = 1000;
/** A heartbeat unanswered this long means a half-open connection: it is dropped and made again. */
const HEARTBEAT_DEADLINE_MS = 5000;
/**
 * TCP keep-alive on the listening connection, both ways: this end's (pg's `keepAlive`) and the server's
 * (`tcp_keepalives_*`), so that a link that died without a word is noticed by the kernel in about 20 s as well.
 */
const KEEP_ALIVE = {
  keepAlive: true,
  keepAliveInitialDelayMillis: 5000,
  options: '-c tcp_keepalives_idle=5 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3',
};

/** Ends a connection at once, even one whose link is frozen (where `end()` would wait for ever). */
const destroy = (client: pg.Client) =>
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();

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
 *
 * A connection can also freeze without closing (a half-open link: issue #28 item 6). So every `HEARTBEAT_MS` the
 * listening connection runs a query; its answer comes after every announcement committed before it was sent, so
 * `onHeartbeat(sentAt)` means nothing announced before `sentAt` was missed. A heartbeat unanswered for 5 s drops
 * the connection and makes a new one. On PGlite there is no connection to lose and no heartbeat.
 */
export const listenOnChannel = async (
  database: Database,
  channel: string,
  onChange: (payload?: string) => void,
  onListening: (listening: boolean) => void = () => undefined,
  onHeartbeat: (sentAt: number) => void = () => undefined,
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
  /** Ends the connection in use, its heartbeat with it. */
  let endCurrent: (() => Promise<void>) | undefined;
  const connect = async (): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 3000, ...KEEP_ALIVE });
    const heartbeat: { timer?: NodeJS.Timeout } = {};
    let given = false;
    // Once per connection: a failed connect is heard both as an error event and as the rejection.
    const retry = () => {
      if (given) return;
      given = true;
      onListening(false);
      clearInterval(heartbeat.timer);
      next.removeAllListeners();
      next.on('error', () => undefined);
      void next.end().catch(() => undefined);
      destroy(next);
      if (client === next) client = undefined;
      if (stopped) return;
      wait = Math.min(LONGEST_WAIT_MS, wait ? wait * 2 : 200);
      timer = setTimeout(() => void connect(), wait);
    };
    next.on('error', retry);
    next.on('end', retry);
    next.on('notification', (message) => message.channel === channel && onChange(message.payload));
    const listenedAt = Date.now();
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch {
      retry();
      return;
    }
    // Stopped while connecting: this connection is not kept (nor its heartbeat started).
    if (stopped) {
      retry();
      return;
    }
    const reconnected = wait > 0;
    wait = 0;
    client = next;
    onListening(true);
    onHeartbeat(listenedAt);
    if (reconnected) onChange();
    let unanswered: number | undefined;
    heartbeat.timer = setInterval(() => {
      const sentAt = Date.now();
      if (unanswered !== undefined) {
        if (sentAt - unanswered > HEARTBEAT_DEADLINE_MS) retry();
        return;
      }
      unanswered = sentAt;
      next.query('select 1').then(
        () => {
          unanswered = undefined;
          if (client === next) onHeartbeat(sentAt);
        },
        // A failed query ends in the connection's error or end event, which reconnects.
        () => undefined,
      );
    }, HEARTBEAT_MS);
    heartbeat.timer.unref();
    endCurrent = async () => {
      given = true;
      clearInterval(heartbeat.timer);
      next.removeAllListeners();
      next.on('error', () => undefined);
      await next.end().catch(() => undefined);
    };
  };
  await connect();
  return async () => {
    stopped = true;
    onListening(false);
    clearTimeout(timer);
    const end = client && endCurrent;
    client = undefined;
    await end?.();
  };
};
