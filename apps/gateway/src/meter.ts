import { randomBytes } from 'node:crypto';
import {
  pruneUsageBatches,
  recordUsageBatch,
  usageBucket,
  type Db,
  type DomainCount,
  type UsageRow,
} from '@proxydesk/db';
import type { Grant } from './access/decision.js';
import type { Egress } from './egress/egress.js';

/** An open connection of a customer: what it is counted against, and how to close it. */
export interface Metered {
  grant: Grant;
  /** Re-checks the grant against the latest snapshot; a refusal closes the connection. */
  recheck: () => boolean;
  close: () => void;
  egress?: Egress;
  /** The target's host name (CONNECT host / request Host, never a path), for domain statistics; none: not kept. */
  host?: string;
  /** Counters of the egress socket when last sampled. */
  sent: number;
  received: number;
}

interface Batch {
  id: string;
  /** Each plan's row for the minute under way, and the rows of minutes gone by. */
  current: Map<string, UsageRow>;
  done: UsageRow[];
  /** Bytes per plan, for the quota while the batch is not yet back from the database. */
  byPlan: Map<string, number>;
  /** Bytes per sub-user, for its own limit likewise (issue #31). */
  bySubuser: Map<string, number>;
  /** Bytes and new connections per credentials, UTC day and target host (issue #31 item 4). */
  domains: Map<string, DomainCount>;
  committed: boolean;
}

/** A target's host as domain statistics keep it: lower-case, no brackets nor trailing dot, at most 253 characters. */
export const statsHost = (host: string): string =>
  host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .slice(0, 253);

/** Hosts a batch keeps (a long database outage, or a client trying thousands): statistics only, the rest is dropped. */
export const MAX_DOMAIN_ROWS = 10_000;

/** Adds a connection's bytes (and, when it opens, the connection) to its host's row of the day. */
const addDomain = (
  batch: Batch,
  grant: Grant,
  host: string,
  at: number,
  bytes: number,
  connections: number,
) => {
  const day = new Date(at).toISOString().slice(0, 10);
  const key = `${grant.planId}/${grant.subuserId ?? ''}/${day}/${host}`;
  const row = batch.domains.get(key);
  if (row) {
    row.bytes += bytes;
    row.connections += connections;
  } else if (batch.domains.size < MAX_DOMAIN_ROWS)
    batch.domains.set(key, {
      planId: grant.planId,
      subuserId: grant.subuserId ?? null,
      day,
      host,
      bytes,
      connections,
    });
};

/** Rows of finished minutes a batch holds before they are folded (a long database outage; ADR 006). */
export const MAX_DONE_ROWS = 5_000;

/**
 * Sets a plan's finished minute aside. Past `MAX_DONE_ROWS` (a database away for hours) each plan's finished
 * minutes fold into one row at the latest of them: every byte is kept, only when it was used blurs.
 */
const setAside = (batch: { done: UsageRow[] }, row: UsageRow) => {
  batch.done.push(row);
  if (batch.done.length <= MAX_DONE_ROWS) return;
  const folded = new Map<string, UsageRow>();
  for (const each of batch.done) {
    const key = `${each.planId ?? `${each.userId}/${each.productType}`}/${each.subuserId ?? ''}`;
    const same = folded.get(key);
    if (!same) folded.set(key, { ...each });
    else {
      same.bytesUp += each.bytesUp;
      same.bytesDown += each.bytesDown;
      if (each.bucket > same.bucket) same.bucket = each.bucket;
    }
  }
  batch.done = [...folded.values()];
};

/**
 * Counts every connection's bytes at its egress socket, both ways (issue #6 §4), and writes them to the usage
 * table in batches. Counting reads the sockets' own counters when sampled, so the data path pays nothing.
 * Each batch is written once under its id: a retry after an unclear failure cannot count twice, and a crash
 * loses at most the batch being gathered.
 */
export const createMeter = ({
  db,
  enabled,
  domainStats = false,
  onBytes,
}: {
  db: Db;
  enabled: boolean;
  /** Keep bytes per target host of each set of credentials (the operator's `DOMAIN_STATS`; ADR 006). */
  domainStats?: boolean;
  onBytes?: (product: string, sent: number, received: number) => void;
}) => {
  const instance = randomBytes(6).toString('hex');
  let sequence = 0;
  const newBatch = (): Batch => ({
    id: `${instance}:${(sequence += 1)}`,
    current: new Map(),
    done: [],
    byPlan: new Map(),
    bySubuser: new Map(),
    domains: new Map(),
    committed: false,
  });
  let gathering = newBatch();
  /** Batches written or failed, kept until the database's totals include them (or they are retried). */
  const unsettled: Batch[] = [];
  const open = new Set<Metered>();
  const perCustomer = new Map<string, number>();

  const count = (connection: Metered, now: number) => {
    const egress = connection.egress;
    if (!egress) return;
    const sent = egress.socket.bytesWritten - egress.sentBefore;
    const received = egress.socket.bytesRead - egress.receivedBefore;
    const up = sent - connection.sent;
    const down = received - connection.received;
    if (up === 0 && down === 0) return;
    connection.sent = sent;
    connection.received = received;
    onBytes?.(connection.grant.productType, up, down);
    if (!enabled) return;
    const { userId, productType, planId, subuserId } = connection.grant;
    const minute = usageBucket(now);
    // One row per plan (and sub-user) for the minute under way; earlier minutes are set aside as they end.
    const key = subuserId ? `${planId}/${subuserId}` : planId;
    let row = gathering.current.get(key);
    if (row?.bucket.getTime() !== minute) {
      if (row) setAside(gathering, row);
      row = { planId, userId, productType, bucket: new Date(minute), bytesUp: 0, bytesDown: 0 };
      if (subuserId) row.subuserId = subuserId;
      gathering.current.set(key, row);
    }
    row.bytesUp += up;
    row.bytesDown += down;
    gathering.byPlan.set(planId, (gathering.byPlan.get(planId) ?? 0) + up + down);
    if (subuserId) gathering.bySubuser.set(subuserId, (gathering.bySubuser.get(subuserId) ?? 0) + up + down);
    if (domainStats && connection.host)
      addDomain(gathering, connection.grant, connection.host, now, up + down, 0);
  };
  const write = (batch: Batch) =>
    recordUsageBatch(db, batch.id, [...batch.done, ...batch.current.values()], [...batch.domains.values()]);

  return {
    instance,
    openConnections: () => open.size,
    /** Open connections per product (read when metrics are scraped). */
    openByProduct: () => {
      const counts = new Map<string, number>();
      for (const { grant } of open) counts.set(grant.productType, (counts.get(grant.productType) ?? 0) + 1);
      return counts;
    },
    connectionsOf: (userId: string) => perCustomer.get(userId) ?? 0,

    track: (connection: Metered) => {
      open.add(connection);
      if (enabled && domainStats && connection.host)
        addDomain(gathering, connection.grant, connection.host, Date.now(), 0, 1);
      perCustomer.set(connection.grant.userId, (perCustomer.get(connection.grant.userId) ?? 0) + 1);
    },

    /** The connection is over: its last bytes go into the batch being gathered. */
    release: (connection: Metered) => {
      if (!open.delete(connection)) return;
      count(connection, Date.now());
      const left = (perCustomer.get(connection.grant.userId) ?? 1) - 1;
      if (left > 0) perCustomer.set(connection.grant.userId, left);
      else perCustomer.delete(connection.grant.userId);
    },

    /** Bytes counted here for a plan that the database's totals may not include yet. */
    pendingBytes: (planId: string) =>
      [gathering, ...unsettled].reduce((sum, batch) => sum + (batch.byPlan.get(planId) ?? 0), 0),

    /** Bytes counted here for a sub-user that the database's counts may not include yet. */
    pendingSubuserBytes: (subuserId: string) =>
      [gathering, ...unsettled].reduce((sum, batch) => sum + (batch.bySubuser.get(subuserId) ?? 0), 0),

    /** Reads every open connection's counters into the batch being gathered. */
    sample: () => {
      const now = Date.now();
      for (const connection of open) count(connection, now);
    },

    /**
     * Retries the batches not yet written, then writes the gathered one; answers whether every batch is
     * written. While one cannot be written (the database is away) no new batch is cut: the one being gathered
     * keeps counting, so an outage holds one waiting batch and one growing batch (ADR 006).
     */
    flush: async (): Promise<boolean> => {
      if (!enabled) return true;
      for (const batch of unsettled) {
        if (batch.committed) continue;
        try {
          await write(batch);
          batch.committed = true;
        } catch {
          return false;
        }
      }
      if (gathering.current.size === 0 && gathering.domains.size === 0) return true;
      const batch = gathering;
      unsettled.push(batch);
      gathering = newBatch();
      try {
        await write(batch);
        batch.committed = true;
        return true;
      } catch {
        return false;
      }
    },

    /** The database's totals now include every written batch: stop adding them on top. */
    settle: () => {
      for (let i = unsettled.length - 1; i >= 0; i -= 1) if (unsettled[i]!.committed) unsettled.splice(i, 1);
    },

    /** Closes connections whose grant no longer holds (quota, expiry, password, whitelist, deactivation). */
    enforce: (): number => {
      let closed = 0;
      for (const connection of open) {
        if (connection.recheck()) continue;
        connection.close();
        closed += 1;
      }
      return closed;
    },

    /** Shutting down: every connection ends; each is counted as it closes. */
    closeAll: () => {
      for (const connection of open) connection.close();
    },

    prune: (before: Date) => pruneUsageBatches(db, before),
  };
};

export type Meter = ReturnType<typeof createMeter>;
