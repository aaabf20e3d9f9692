import type { Readiness, ReadinessCheck } from '@proxydesk/contract';
import { pingDatabase, type Database } from '@proxydesk/db';
import type { Redis } from 'ioredis';
import type { Mailer } from '../mail/mailer.js';

type State = Omit<ReadinessCheck, 'required'>;

/** A dependency: its state, asked afresh at every /readyz, and whether the shop cannot serve without it. */
export interface Dependency {
  required: boolean;
  check: () => Promise<State> | State;
}

/** A check that has not answered by then counts as down: a load balancer must not wait on a hung one. */
const CHECK_TIMEOUT_MS = 2000;

/** The first line of the innermost cause: a query wrapper's "Failed query: select 1" says nothing. */
const rootMessage = (error: unknown): string => {
  let inner = error;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  return (inner instanceof Error ? inner.message : String(inner)).split('\n')[0]!.slice(0, 200);
};

const run = async (name: string, { required, check }: Dependency): Promise<ReadinessCheck> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<State>((resolve) => {
    timer = setTimeout(
      () => resolve({ status: 'down', detail: `${name} did not answer within 2 s` }),
      CHECK_TIMEOUT_MS,
    );
  });
  try {
    return { ...(await Promise.race([Promise.resolve().then(check), late])), required };
  } catch (error) {
    return { status: 'down', required, detail: rootMessage(error) };
  } finally {
    clearTimeout(timer);
  }
};

const timed = async (ping: () => Promise<unknown>) => {
  const started = performance.now();
  await ping();
  return `answered in ${Math.round(performance.now() - started)} ms`;
};

export const databaseDependency = (database: Database): Dependency => ({
  required: true,
  check: async () => ({
    status: 'up',
    detail: `${database.kind}: ${await timed(() => pingDatabase(database.db))}`,
  }),
});

/**
 * Redis holds rate limits shared across instances; without it each instance counts on its own, so it is
 * reported but never makes an instance unready (every instance would go at once).
 */
export const redisDependency = (redis: Redis | undefined): Dependency => ({
  required: false,
  check: async () => {
    if (!redis) return { status: 'not configured', detail: 'REDIS_URL is not set' };
    // TODO(resilience): read the client's own up/down state once it keeps one, instead of a ping.
    return { status: 'up', detail: await timed(() => redis.ping()) };
  },
});

/**
 * The last mail's fate and the outbox's queue: a failing SMTP server delays codes and receipts (they wait in
 * the outbox), but the shop still sells.
 */
export const mailDependency = (
  mailer: Mailer,
  backlog: () => Promise<{ waiting: number; oldest: Date | null }>,
): Dependency => ({
  required: false,
  check: async () => {
    if (!mailer.smtp) return { status: 'not configured', detail: 'SMTP_URL is not set: mails go to the log' };
    const { waiting, oldest } = await backlog();
    const queue = waiting > 0 ? `; ${waiting} waiting since ${oldest?.toISOString() ?? '?'}` : '';
    const last = mailer.lastResult();
    if (!last) return { status: 'unknown', detail: `no mail sent since the start${queue}` };
    const when = last.at.toISOString();
    return last.ok
      ? { status: 'up', detail: `last mail sent at ${when}${queue}` }
      : { status: 'down', detail: `last mail failed at ${when}: ${last.error ?? ''}${queue}` };
  },
});

/** Background work (clean-up, expiry, mail outbox, roll-ups) in this process: off with JOBS_ENABLED=false. */
const noJobRunner: Dependency = {
  required: false,
  check: () => ({ status: 'not configured', detail: 'no job runner in this process (JOBS_ENABLED=false)' }),
};

/** A due job waiting longer than this means the runners are stuck or far behind. */
const MAX_BACKLOG_SECONDS = 300;

/** The job runner's lag: how long the oldest due job has waited. Late work does not stop sales. */
export const jobsDependency = (runner: { backlogSeconds(): Promise<number> }): Dependency => ({
  required: false,
  check: async () => {
    const lag = Math.round(await runner.backlogSeconds());
    return {
      status: lag <= MAX_BACKLOG_SECONDS ? 'up' : 'down',
      detail: `oldest due job waiting ${lag} s`,
    };
  },
});

/** What the gateway's own `/healthz` (its metrics port) says, or the in-process gateway directly. */
export interface GatewayHealth {
  snapshotAgeSeconds: number;
  /** Older than the gateway's limit: the database has not answered its re-reads for a while. */
  stale: boolean;
  openConnections: number;
}

/** How the gateway beside this API runs: in this process, or as a supervised child (down while it is dead). */
export interface GatewayWatch {
  /** Where it runs and, when down, how it ended and when it comes back. */
  running: () => { up: boolean; detail: string };
  /** Absent when there is no way to ask (a child on GATEWAY_METRICS_PORT=0). */
  health: (() => Promise<GatewayHealth | undefined>) | undefined;
}

/**
 * The proxy gateway that `npm start` runs beside the API: a shop whose proxy lines do not answer is not ready
 * (issue #29). Down while its process is dead or not answering yet; a stale snapshot is a detail, not a reason
 * (the gateway keeps serving from it).
 */
export const gatewayDependency = (gateway: GatewayWatch): Dependency => ({
  required: true,
  check: async () => {
    const running = gateway.running();
    if (!running.up || !gateway.health) return { status: running.up ? 'up' : 'down', detail: running.detail };
    const health = await gateway.health().catch(() => undefined);
    if (!health) return { status: 'down', detail: `${running.detail}: started, not answering yet` };
    const stale = health.stale ? ' (stale: the database does not answer its re-reads)' : '';
    return {
      status: 'up',
      detail: `${running.detail}; snapshot ${health.snapshotAgeSeconds} s old${stale}; ${health.openConnections} connections open`,
    };
  },
});

/**
 * What /readyz reports: every dependency checked side by side; a `required` one that is not up makes the
 * instance unready. `set` adds or replaces one (the job runner plugs its lag in under `jobs`).
 */
export const createReadiness = (dependencies: Record<string, Dependency>) => {
  const all = new Map<string, Dependency>(
    Object.entries({ ...dependencies, jobs: dependencies.jobs ?? noJobRunner }),
  );
  return {
    set: (name: string, dependency: Dependency) => void all.set(name, dependency),
    report: async (): Promise<Readiness> => {
      const results = await Promise.all(
        [...all].map(async ([name, dependency]) => [name, await run(name, dependency)] as const),
      );
      const ready = results.every(([, result]) => !result.required || result.status === 'up');
      return { status: ready ? 'ok' : 'unavailable', checks: Object.fromEntries(results) };
    },
  };
};

export type ReadinessChecks = ReturnType<typeof createReadiness>;

declare module 'fastify' {
  interface FastifyInstance {
    /** /readyz's dependencies; a part started later (the job runner) adds its own with `set`. */
    readiness: ReadinessChecks;
  }
}
