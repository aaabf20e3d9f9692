import { percentile } from './stats.mjs';

const number = (n) => n.toLocaleString('en-US');
const ms = (value) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
const seconds = (value) => `${value.toFixed(1)} s`.padStart(8);
const row = (cells, widths) =>
  `  ${cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[0]) : String(cell).padStart(widths[i]))).join(' ')}`;

const printSteps = (steps) => {
  const widths = [40, 9, 8, 9, 9];
  console.log(row(['', 'count', 'failed', 'p50 ok', 'p99 ok'], widths));
  const line = (name, list) => {
    const ok = list.flatMap((s) => s.ms);
    const failed = list.reduce((sum, s) => sum + s.failed, 0);
    console.log(
      row(
        [name, number(ok.length + failed), number(failed), ms(percentile(ok, 50)), ms(percentile(ok, 99))],
        widths,
      ),
    );
  };
  const tunnels = steps.filter((s) => s.name.startsWith('tunnel'));
  const requests = steps.filter((s) => !s.name.startsWith('tunnel'));
  for (const step of requests) line(step.name, [step]);
  line('all HTTP requests', requests);
  for (const step of tunnels) line(step.name, [step]);
  line('all tunnels', tunnels);
};

const printErrors = (errors) => {
  if (errors.length === 0) {
    console.log('  none');
    return;
  }
  const widths = [86, 8, 14];
  console.log(row(['', 'count', 'first–last'], widths));
  for (const e of errors.sort((a, b) => b.count - a.count)) {
    console.log(
      row([e.kind.slice(0, 86), number(e.count), `${e.first.toFixed(0)}–${e.last.toFixed(0)} s`], widths),
    );
  }
};

/** After an API instance is killed, how long tunnels may fail while HAProxy has not yet marked it down. */
const KILL_GRACE_SECONDS = 2;

/**
 * The seconds (on the run's clock) in which a failure is the instance kill's doing: from the kill until HAProxy
 * marked the instance down, plus a little; 5 s when it never said so. Undefined without a kill.
 */
const killWindow = (events, changes) => {
  const kill = events.find((e) => e.killed);
  if (!kill) return undefined;
  const down = changes.find((c) => c.name === kill.killed && c.state === 'DOWN' && c.at >= kill.at);
  return { from: kill.at, to: (down ? down.at : kill.at + 3) + KILL_GRACE_SECONDS };
};

/**
 * Prints the run: the timeline, the processes, requests and tunnels with p50/p99, errors by kind, and the
 * invariants. Answers whether every invariant held.
 */
export const printReport = ({ options, run, events, changes, exits, stats, outcome, moved, provider }) => {
  console.log(
    `\nProxyDesk cluster bench: ${number(options.customers)} customers for ${options.seconds} s, ${options.concurrency} sessions at once`,
  );
  console.log(
    '  2 API instances and 2 gateways behind HAProxy, over one PostgreSQL database and one Redis\n',
  );
  console.log('Timeline');
  const timeline = [
    ...events.map((e) => ({ at: e.at, what: e.what })),
    ...changes.map((c) => ({ at: c.at, what: `HAProxy: ${c.name} ${c.state}` })),
    ...exits.map((x) => ({
      at: x.at,
      what: `${x.name} EXITED on its own (${x.signal ?? `code ${x.code}`})${x.reason ? `: ${x.reason}` : ''}`,
    })),
  ].sort((a, b) => a.at - b.at);
  for (const item of timeline) console.log(`${seconds(item.at)}  ${item.what}`);
  console.log(
    `${seconds(run.loadSeconds)}  load ends; the provider's webhooks and the gateways' last counts follow`,
  );
  const back = events.find((e) => e.databaseBack)?.at;
  if (back !== undefined) {
    const ready = ['api-1', 'api-2'].map((name) => {
      const up = changes.find((c) => c.name === name && c.state === 'UP' && c.at > back);
      if (up) return `${name} ${(up.at - back).toFixed(1)} s`;
      return `${name} ${events.some((e) => e.killed === name) ? 'killed before it was' : 'not before the end'}`;
    });
    console.log(`  Ready again (HAProxy's view) after the database came back: ${ready.join(', ')}`);
  }

  console.log(
    `\nCustomers: ${number(run.sessions)} sessions; ${number(run.served)} of ${number(options.customers)} customers served`,
  );
  const count = (tunnels) =>
    stats
      .steps()
      .filter((step) => step.name.startsWith('tunnel') === tunnels)
      .reduce((sum, step) => sum + step.ms.length + step.failed, 0);
  const perSecond = (n) => (n / run.loadSeconds).toFixed(1);
  console.log(
    `Load: ${perSecond(count(false))} HTTP requests/s, ${perSecond(count(true))} tunnels/s, ` +
      `${((moved.up + moved.down) / 2 ** 20).toFixed(1)} MiB through the gateways`,
  );
  console.log(
    `CPU seconds during the load (PostgreSQL not included): ${run.cpu
      .map((c) => `${c.name} ${c.seconds.toFixed(1)}`)
      .join(', ')}`,
  );
  console.log('\nRequests');
  printSteps(stats.steps());
  console.log('\nErrors by kind');
  printErrors(stats.errors());

  const window = killWindow(events, changes);
  const tunnelFailures = stats
    .steps()
    .filter((step) => step.name.startsWith('tunnel'))
    .flatMap((step) => step.failedAt);
  const outsideKill = tunnelFailures.filter((at) => !window || at < window.from || at > window.to).length;
  const { usage } = outcome;
  const usageEqual =
    usage.up === moved.up && usage.down === moved.down && usage.planTotals === moved.up + moved.down;
  const checks = [
    {
      name: 'payments lost',
      ok: outcome.lost.length === 0,
      value: `${number(outcome.lost.length)} of ${number(provider.takenIds().length)} paid for (${number(provider.unacknowledged().length)} never acknowledged to the provider)`,
    },
    {
      name: 'provisions doubled',
      ok: outcome.doubled === 0,
      value: `${number(outcome.doubled)} (${number(outcome.paid)} of ${number(outcome.invoices)} invoices paid)`,
    },
    {
      name: 'usage bytes counted vs moved',
      ok: usageEqual,
      value:
        `up ${number(usage.up)} / ${number(moved.up)}, down ${number(usage.down)} / ${number(moved.down)}, ` +
        `plans' running totals ${number(usage.planTotals)} / ${number(moved.up + moved.down)}`,
    },
    {
      // A database cut must not cost a tunnel: the gateways serve from their last snapshot (issue #29).
      name: 'tunnels failed outside the kill',
      ok: outsideKill === 0,
      value:
        `${number(outsideKill)} of ${number(tunnelFailures.length)} failed tunnels` +
        (window ? ` (kill window ${window.from.toFixed(1)}–${window.to.toFixed(1)} s)` : ''),
    },
    {
      name: 'processes that exited on their own',
      ok: exits.length === 0,
      value: exits.length ? exits.map((x) => x.name).join(', ') : '0',
    },
  ];
  console.log('\nInvariants');
  for (const check of checks) {
    console.log(`  ${check.name.padEnd(36)} ${check.ok ? 'OK  ' : 'FAIL'}  ${check.value}`);
  }
  const held = checks.every((check) => check.ok);
  console.log(held ? '\nEvery invariant held.' : '\nSome invariants FAILED.');
  return held;
};
