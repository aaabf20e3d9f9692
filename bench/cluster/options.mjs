import { parseArgs } from 'node:util';

/**
 * Fixed, unusual ports on 127.0.0.1, so that a run never meets the tests or servers others run; below Linux's
 * ephemeral range (32768–60999), so that no outgoing connection takes one first (polling a port that does not
 * listen yet can even connect a socket to itself).
 */
export const PORTS = {
  /** HAProxy: the shop's public address, the gateways' public port, and its statistics page. */
  shop: 28080,
  gateway: 28112,
  stats: 28090,
  apis: [28001, 28002],
  apiMetrics: [28031, 28032],
  gateways: [28211, 28212],
  gatewayMetrics: [28221, 28222],
  redis: 28379,
  target: 28300,
};

/** The bench's own database on the shared PostgreSQL server: only this one is ever cut. */
export const DATABASE_NAME = 'proxydesk_cluster';

const USAGE = `npm run bench:cluster [-- options]
  --customers N        simulated customers (env CLUSTER_CUSTOMERS, default 1000)
  --seconds N          length of the run (env CLUSTER_SECONDS, default 120)
  --concurrency N      customer sessions at once (env CLUSTER_CONCURRENCY, default 64)
  --outage-seconds N   how long the database is cut (env CLUSTER_OUTAGE_SECONDS, default 15, at most a quarter of the run)
  --postgres URL       PostgreSQL server (env CLUSTER_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres)
  --no-cut, --no-kill  leave out the database cut or the API instance kill (the load alone, or one event)
  --keep-database      leave the database ${DATABASE_NAME} behind for a look after the run`;

const positive = (name, value) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`--${name} must be a whole number above 0`);
  return number;
};

/** The run's settings from flags, then the environment, then the defaults (1,000 customers, 2 minutes). */
export const readOptions = (argv = process.argv.slice(2), env = process.env) => {
  try {
    return parse(argv, env);
  } catch (error) {
    console.error(`bench:cluster: ${error.message}\n${USAGE}`);
    process.exit(2);
  }
};

const parse = (argv, env) => {
  const { values } = parseArgs({
    args: argv,
    options: {
      customers: { type: 'string' },
      seconds: { type: 'string' },
      concurrency: { type: 'string' },
      'outage-seconds': { type: 'string' },
      postgres: { type: 'string' },
      'keep-database': { type: 'boolean', default: false },
      'no-cut': { type: 'boolean', default: false },
      'no-kill': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const customers = positive('customers', values.customers ?? env.CLUSTER_CUSTOMERS ?? 1000);
  const seconds = positive('seconds', values.seconds ?? env.CLUSTER_SECONDS ?? 120);
  const concurrency = positive('concurrency', values.concurrency ?? env.CLUSTER_CONCURRENCY ?? 64);
  const outage = positive('outage-seconds', values['outage-seconds'] ?? env.CLUSTER_OUTAGE_SECONDS ?? 15);
  return {
    customers,
    seconds,
    concurrency: Math.min(concurrency, customers),
    outageSeconds: Math.min(outage, seconds / 4),
    postgresUrl: values.postgres ?? env.CLUSTER_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    keepDatabase: values['keep-database'],
    /** The timeline, in seconds from the start of the load: the cut begins at a quarter, the kill at 60 %. */
    cutAt: values['no-cut'] ? undefined : seconds * 0.25,
    killAt: values['no-kill'] ? undefined : seconds * 0.6,
  };
};
