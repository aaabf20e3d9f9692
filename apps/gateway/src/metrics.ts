import { Counter, Gauge, Registry } from 'prom-client';
import type { RefusalKind } from './access/decision.js';

/** Prometheus-style figures of one gateway, served on its local metrics port. */
export const createMetrics = () => {
  const registry = new Registry();
  /** What the gauges read when scraped; `watch` points them at the running gateway. */
  let sources = { openConnections: () => 0, snapshotAge: () => Infinity };
  const connections = new Counter({
    name: 'gateway_connections_total',
    help: 'Connections by protocol and outcome (ok, or why they were refused)',
    labelNames: ['protocol', 'outcome'] as const,
    registers: [registry],
  });
  // Bytes are added up as plain numbers on every connection and handed to Prometheus when it scrapes.
  const totals = { up: 0, down: 0 };
  new Counter({
    name: 'gateway_bytes_total',
    help: 'Bytes through the gateway by direction',
    labelNames: ['direction'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ direction: 'up' }, totals.up);
      this.inc({ direction: 'down' }, totals.down);
    },
  });
  const syncFailures = new Counter({
    name: 'gateway_sync_failures_total',
    help: 'Flushes or refreshes that failed (retried next time)',
    registers: [registry],
  });
  const cut = new Counter({
    name: 'gateway_connections_closed_total',
    help: 'Open connections closed because their grant ended',
    registers: [registry],
  });
  new Gauge({
    name: 'gateway_connections_open',
    help: 'Connections open now',
    registers: [registry],
    collect() {
      this.set(sources.openConnections());
    },
  });
  new Gauge({
    name: 'gateway_snapshot_age_seconds',
    help: 'Age of the in-memory copy of plans and whitelists',
    registers: [registry],
    collect() {
      this.set(sources.snapshotAge());
    },
  });
  /** Each protocol × outcome's child, made once: every connection counts one. */
  const children = new Map<string, ReturnType<typeof connections.labels>>();
  const outcome = (protocol: string, result: string) => {
    const key = `${protocol}/${result}`;
    let child = children.get(key);
    if (!child) children.set(key, (child = connections.labels(protocol, result)));
    return child;
  };
  return {
    registry,
    watch: (running: typeof sources) => {
      sources = running;
    },
    accepted: (protocol: string) => outcome(protocol, 'ok').inc(),
    refused: (protocol: string, why: RefusalKind) => outcome(protocol, why).inc(),
    bytes: (sent: number, received: number) => {
      totals.up += sent;
      totals.down += received;
    },
    syncFailed: () => syncFailures.inc(),
    closed: (count: number) => cut.inc(count),
  };
};

export type GatewayMetrics = ReturnType<typeof createMetrics>;
