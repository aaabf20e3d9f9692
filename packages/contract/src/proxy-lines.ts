/** Port of the residential / ISP / premium gateway in every generated line (SPEC.md §9). */
export const GATEWAY_PORT = 31112;
/** The gateway's health and metrics port, unless GATEWAY_METRICS_PORT says another. */
export const GATEWAY_METRICS_PORT = 31199;

/**
 * Generator quantities (SPEC.md §5, DESIGN.md §3): the /proxy premium generator, and the product pages;
 * both forms start at 1.
 */
export const GENERATOR_LIMITS = {
  proxyPage: { min: 1, max: 100, default: 1 },
  productPage: { min: 1, max: 10_000, default: 1 },
} as const;

export const STICKY_SESSION_LENGTH = 8;

/**
 * How long a sticky session keeps its exit address (issue #31 item 5): `_lifetime-30m` after `_session-…`,
 * in minutes (`m`) or hours (`h`), from 1 minute to 24 hours; without it, 10 minutes.
 */
export const STICKY_LIFETIME = { minMinutes: 1, maxMinutes: 24 * 60, defaultMinutes: 10 } as const;
/** The lifetimes the generator offers (any other within the bounds works in a line too). */
export const STICKY_LIFETIME_CHOICES = ['1m', '5m', '10m', '30m', '1h', '2h', '6h', '12h', '24h'] as const;

/** Minutes of a lifetime option (`30m`, `2h`), or null when it is malformed or out of bounds. */
export const lifetimeMinutes = (value: string): number | null => {
  const match = /^([1-9][0-9]{0,3})(m|h)$/.exec(value);
  if (!match) return null;
  const minutes = Number(match[1]) * (match[2] === 'h' ? 60 : 1);
  return minutes >= STICKY_LIFETIME.minMinutes && minutes <= STICKY_LIFETIME.maxMinutes ? minutes : null;
};
/** The location that means "any country": the line carries no country. */
export const RANDOM_LOCATION = 'random';

export type SessionType = 'sticky' | 'rotating';

export interface LineOptions {
  /** Country code, `random`, or one of the special pools (prvtus, rkuk…). */
  country: string;
  type: SessionType;
  city?: string | undefined;
  isp?: string | undefined;
  /** A sticky line's session lifetime (`30m`, `2h`); absent for the default (10 minutes). */
  lifetime?: string | undefined;
}

export interface GatewayCredentials {
  host: string;
  port?: number;
  username: string;
  password: string;
}

/**
 * Products used with the account's proxy credentials, and the suffix that names each in a line's username
 * (`u1a2b3c-isp`): the gateway checks and meters the plan of that product.
 */
export const LINE_PRODUCTS = { PR_1: 'normal', PR_2: 'isp', PR_3: 'residential', PR_6: 'premium' } as const;
export type LineProduct = keyof typeof LINE_PRODUCTS;

export const lineUsername = (proxyUsername: string, product: LineProduct): string =>
  `${proxyUsername}-${LINE_PRODUCTS[product]}`;

/** Reads a line's username back into the account's proxy username and the product; null if it names none. */
export const parseLineUsername = (
  username: string,
): { proxyUsername: string; product: LineProduct } | null => {
  const dash = username.lastIndexOf('-');
  if (dash <= 0) return null;
  const suffix = username.slice(dash + 1);
  const product = (Object.keys(LINE_PRODUCTS) as LineProduct[]).find(
    (code) => LINE_PRODUCTS[code] === suffix,
  );
  return product ? { proxyUsername: username.slice(0, dash), product } : null;
};

const LOWERCASE = 'abcdefghijklmnopqrstuvwxyz';

/** A sticky session id: 8 random lowercase letters (SPEC.md §9). `random` returns an integer in [0, max). */
export const stickySession = (random: (max: number) => number): string =>
  Array.from({ length: STICKY_SESSION_LENGTH }, () => LOWERCASE[random(LOWERCASE.length)]).join('');

/**
 * The options a line's password carries (DESIGN.md §4): `_country-CC` unless random, then premium's
 * `_city-…` and `_isp-…`, then `_session-xxxxxxxx` for sticky lines, with `_lifetime-…` when not the default.
 */
export const passwordOptions = (options: LineOptions, session?: string): string => {
  const parts: string[] = [];
  if (options.country !== RANDOM_LOCATION) parts.push(`country-${options.country}`);
  if (options.city) parts.push(`city-${options.city}`);
  if (options.isp) parts.push(`isp-${options.isp}`);
  if (options.type === 'sticky') {
    if (!session) throw new Error('a sticky line needs a session id');
    parts.push(`session-${session}`);
    if (options.lifetime !== undefined) {
      const minutes = lifetimeMinutes(options.lifetime);
      if (minutes === null) throw new Error(`not a session lifetime: ${options.lifetime}`);
      if (minutes !== STICKY_LIFETIME.defaultMinutes) parts.push(`lifetime-${options.lifetime}`);
    }
  }
  return parts.map((part) => `_${part}`).join('');
};

/** `HOST:31112:USER:PASS_country-CC_session-xxxxxxxx` (DESIGN.md §4). */
export const proxyLine = (credentials: GatewayCredentials, options: LineOptions, session?: string): string =>
  `${credentials.host}:${credentials.port ?? GATEWAY_PORT}:${credentials.username}:${credentials.password}${passwordOptions(options, session)}`;

/** `count` lines, each sticky one with a session of its own. */
export const proxyLines = (
  credentials: GatewayCredentials,
  options: LineOptions,
  count: number,
  random: (max: number) => number,
): string[] =>
  Array.from({ length: count }, () =>
    proxyLine(credentials, options, options.type === 'sticky' ? stickySession(random) : undefined),
  );

/**
 * Reads a password back into the account password and its options; null when the options are malformed. A
 * lifetime needs a session, and is within 1 minute and 24 hours.
 */
export const parsePassword = (
  password: string,
): { secret: string; options: Record<string, string> } | null => {
  const [secret, ...rest] = password.split('_');
  if (!secret) return null;
  const options: Record<string, string> = {};
  for (const part of rest) {
    const match = /^(country|city|isp|session|lifetime)-([a-z0-9-]+)$/.exec(part);
    if (!match?.[1] || !match[2] || options[match[1]] !== undefined) return null;
    options[match[1]] = match[2];
  }
  if (options.session !== undefined && !new RegExp(`^[a-z]{${STICKY_SESSION_LENGTH}}$`).test(options.session))
    return null;
  if ((options.city !== undefined || options.isp !== undefined) && options.country === undefined) return null;
  if (
    options.lifetime !== undefined &&
    (options.session === undefined || lifetimeMinutes(options.lifetime) === null)
  )
    return null;
  return { secret, options };
};
