import { Counter, Gauge, Registry } from 'prom-client';
import type { RefusalKind } from './access/decision.js';

/** Prometheus-style figures of one gateway, served on its local metrics port. */
export const createMetrics = () => {
  const registry = new Registry();
  /** What the gauges read when scraped; `watch` points them at the running gateway. */
  let sources = { openConnections: () => 0, snapshotAge: () => Infinity };
  // Connections are tallied as plain numbers (protocol → outcome → count) and handed over when scraped.
  const tallies = new Map<string, Map<string, number>>();
  new Counter({
    name: 'gateway_connections_total',
    help: 'Connections by protocol and outcome (ok, or why they were refused)',
    labelNames: ['protocol', 'outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [protocol, outcomes] of tallies)
        for (const [outcome, count] of outcomes) this.inc({ protocol, outcome }, count);
    },
  });
  const tally = (protocol: string, outcome: string) => {
    let outcomes = tallies.get(protocol);
    if (!outcomes) tallies.set(protocol, (outcomes = new Map<string, number>()));
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  };
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
  return {
    registry,
    watch: (running: typeof sources) => {
      sources = running;
    },
    accepted: (protocol: string) => tally(protocol, 'ok'),
    refused: (protocol: string, why: RefusalKind) => tally(protocol, why),
    bytes: (sent: number, received: number) => {
      totals.up += sent;
      totals.down += received;
    },
    syncFailed: () => syncFailures.inc(),
    closed: (count: number) => cut.inc(count),
  };
};

export type GatewayMetrics = ReturnType<typeof createMetrics>;
