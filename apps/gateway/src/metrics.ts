import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { RefusalKind } from './access/decision.js';

/** Seconds, from a loopback target (under a millisecond) to the handshake deadline (10 s). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Prometheus-style figures of one gateway, served on its local metrics port. */
export const createMetrics = () => {
  const registry = new Registry();
  // CPU, memory, event-loop lag, garbage collection: read when scraped (the lag by a native histogram).
  collectDefaultMetrics({ register: registry });
  /** What the gauges read when scraped; `watch` points them at the running gateway. */
  let sources = {
    openConnections: () => 0,
    openByProduct: () => new Map<string, number>(),
    snapshotAge: () => Infinity,
    accessLogDropped: () => 0,
  };
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
  // Bytes and connections are added up per product as plain numbers and handed to Prometheus when it scrapes.
  const perProduct = new Map<string, { up: number; down: number; connections: number }>();
  const productTotals = (product: string) => {
    let totals = perProduct.get(product);
    if (!totals) perProduct.set(product, (totals = { up: 0, down: 0, connections: 0 }));
    return totals;
  };
  new Counter({
    name: 'gateway_bytes_total',
    help: 'Bytes through the gateway by product and direction (up: customer to target)',
    labelNames: ['product', 'direction'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [product, totals] of perProduct) {
        this.inc({ product, direction: 'up' }, totals.up);
        this.inc({ product, direction: 'down' }, totals.down);
      }
    },
  });
  new Counter({
    name: 'gateway_product_connections_total',
    help: 'Connections let through, by product',
    labelNames: ['product'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [product, totals] of perProduct) this.inc({ product }, totals.connections);
    },
  });
  new Gauge({
    name: 'gateway_product_connections_open',
    help: 'Connections open now, by product',
    labelNames: ['product'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [product, open] of sources.openByProduct()) this.set({ product }, open);
    },
  });
  const handshake = new Histogram({
    name: 'gateway_handshake_seconds',
    help: 'From accepting a connection to its tunnel (or plain request) going through, by protocol',
    labelNames: ['protocol'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const upstream = new Histogram({
    name: 'gateway_upstream_connect_seconds',
    help: "Time to reach the target (through the product's upstream proxy where one is set), by product",
    labelNames: ['product'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const syncDuration = new Histogram({
    name: 'gateway_sync_seconds',
    help: 'One sync round: write the counts, re-read plans and whitelists, close what may no longer run',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Counter({
    name: 'gateway_access_log_dropped_total',
    help: 'Access log lines dropped because the disk or the reader of stdout fell too far behind',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(sources.accessLogDropped());
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
    bytes: (product: string, sent: number, received: number) => {
      const totals = productTotals(product);
      totals.up += sent;
      totals.down += received;
    },
    /** A connection went through: counted for its product, its handshake and its way to the target timed. */
    established: (protocol: string, product: string, handshakeSeconds: number, connectSeconds: number) => {
      productTotals(product).connections += 1;
      handshake.observe({ protocol }, handshakeSeconds);
      upstream.observe({ product }, connectSeconds);
    },
    synced: (seconds: number) => syncDuration.observe(seconds),
    syncFailed: () => syncFailures.inc(),
    closed: (count: number) => cut.inc(count),
  };
};

export type GatewayMetrics = ReturnType<typeof createMetrics>;
