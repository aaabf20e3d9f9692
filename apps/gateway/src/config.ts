import { GATEWAY_METRICS_PORT, GATEWAY_PORT, LINE_PRODUCTS, type LineProduct } from '@proxydesk/contract';
import { isIP } from 'node:net';
import { z } from 'zod';

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
const port = z.coerce.number().int().min(0).max(65535);
const seconds = (fallback: number) => z.coerce.number().positive().max(3600).default(fallback);
const upstream = z
  .url()
  .refine((value) => new URL(value).protocol === 'http:', 'must be an http:// proxy URL')
  .optional();

/**
 * The gateway's settings, read from the environment here only (DESIGN.md §2). `.env.example` and the
 * README's configuration table list the same names.
 */
const configSchema = z.object({
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** JSON lines (for machines) or `pretty` (one readable line each, for a person at a terminal). */
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  /** `false` keeps `npm start` from running a gateway (API-only instances behind a load balancer). */
  GATEWAY_ENABLED: flag.default(true),
  /** Interface to listen on; all of them when empty. */
  GATEWAY_HOST: z.string().optional(),
  /** The port of every residential / ISP line: HTTP, CONNECT and SOCKS5 on one port. */
  GATEWAY_PORT: port.default(GATEWAY_PORT),
  /** Also listen on the pool's ports, for datacenter and IPv6 addresses used by whitelisted IP. */
  GATEWAY_POOL_LISTEN: flag.default(true),
  /** Health and Prometheus metrics, on a local port of their own. */
  GATEWAY_METRICS_HOST: z.string().default('127.0.0.1'),
  GATEWAY_METRICS_PORT: port.default(GATEWAY_METRICS_PORT),
  /** One line per finished connection: `stdout`, `off`, or a file to append to (reopened on SIGHUP). */
  GATEWAY_ACCESS_LOG: z.string().min(1).default('stdout'),
  /** How often counts are written and who-may-use-it is read again. */
  GATEWAY_SYNC_SECONDS: seconds(2),
  /** `npm start` restarts a gateway child that died after this long, doubling at each death up to 30 s. */
  GATEWAY_RESTART_SECONDS: seconds(1),
  /** Count bytes per customer (off only to measure what metering costs). */
  GATEWAY_METERING: flag.default(true),
  /**
   * Keep the top target host names per day of each set of credentials (owner, sub-user) for 30 days, for the
   * customer's usage view (issue #31 item 4, ADR 006). `false`: nothing is recorded. The API reads it too.
   */
  DOMAIN_STATS: flag.default(true),
  /** Let customers reach loopback and private addresses: for tests only. */
  GATEWAY_ALLOW_PRIVATE_TARGETS: flag.default(false),
  GATEWAY_MAX_CONNECTIONS_PER_CUSTOMER: z.coerce.number().int().positive().default(256),
  /**
   * Fair use against sharing, per set of credentials (the owner's line, each sub-user's): distinct source
   * addresses within a sliding window, and open connections. 0 is off (issue #31 item 3). The defaults of the
   * shop's maximums per plan type, which the console sets (ADR 018).
   */
  GATEWAY_FAIR_USE_MAX_SOURCES: z.coerce.number().int().min(0).max(1000).default(0),
  GATEWAY_FAIR_USE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  GATEWAY_FAIR_USE_MAX_CONNECTIONS: z.coerce.number().int().min(0).max(10_000).default(0),
  /** A tunnel with no byte either way for this long is closed. */
  GATEWAY_IDLE_SECONDS: seconds(120),
  /** Time to finish a handshake (auth, request, reaching the target). */
  GATEWAY_HANDSHAKE_SECONDS: seconds(10),
  /**
   * The machine's own addresses that credentials lines leave from, comma-separated: rotating lines take the
   * next each connection, sticky sessions keep theirs for their lifetime. Empty: the default address.
   */
  GATEWAY_EGRESS_ADDRESSES: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((each) => each.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((each) => isIP(each) !== 0), 'must be IP addresses, comma-separated'),
  GATEWAY_UPSTREAM_PR_1: upstream,
  GATEWAY_UPSTREAM_PR_2: upstream,
  GATEWAY_UPSTREAM_PR_3: upstream,
  GATEWAY_UPSTREAM_PR_6: upstream,
});

type Parsed = z.infer<typeof configSchema>;

export type GatewayConfig = Parsed & {
  /** The upstream proxy each GB product is chained through, where one is set. */
  upstreams: Partial<Record<LineProduct, URL>>;
};

/** Parses the environment; throws one readable line naming every bad variable. */
export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env): GatewayConfig => {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')} ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid configuration: ${problems}. See .env.example.`);
  }
  const upstreams: GatewayConfig['upstreams'] = {};
  for (const product of Object.keys(LINE_PRODUCTS) as LineProduct[]) {
    const url = parsed.data[`GATEWAY_UPSTREAM_${product}`];
    if (url) upstreams[product] = new URL(url);
  }
  return { ...parsed.data, upstreams };
};
