import {
  CAPTCHA_PROVIDERS,
  EU_COUNTRY_CODES,
  GATEWAY_METRICS_PORT,
  GATEWAY_PORT,
  TAX_MODES,
  type CaptchaProvider,
  type TaxSettings,
} from '@proxydesk/contract';
import { z } from 'zod';
import { trustProxy } from './config-trust-proxy.js';

const optionalUrl = z.url().optional();
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * Every setting comes from the environment, read and validated here once (DESIGN.md §2).
 * `.env.example` and the README's configuration table list the same names.
 */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis://')
    .optional(),
  BRAND_NAME: z.string().min(1).max(60).default('ProxyDesk'),
  /** The seller on every invoice (issue #19): the brand name unless set; `\n` in the address starts a line. */
  SELLER_NAME: z.string().min(1).max(120).optional(),
  SELLER_ADDRESS: z.string().max(500).optional(),
  SELLER_VAT: z.string().max(40).optional(),
  SELLER_EMAIL: z.email().optional(),
  /** Where customers ask for help (a page or `mailto:`); the seller's e-mail when unset. */
  SUPPORT_URL: z
    .string()
    .refine((value) => URL.canParse(value) && /^(https?|mailto):$/.test(new URL(value).protocol), {
      message: 'must be an https://, http:// or mailto: address',
    })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** JSON lines (for machines) or `pretty` (one readable line each, for a person at a terminal). */
  LOG_FORMAT: z.enum(['json', 'pretty']).default('json'),
  /** Requests per minute per client IP on /v1. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  /** How long each instance keeps the public catalogue reads (0 = ask the database every time). */
  CATALOGUE_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /** Prometheus /metrics on a port of its own, local by default; `off` serves none, 0 picks a free port. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_PORT: z.union([z.literal('off'), z.coerce.number().int().min(0).max(65535)]).default(3099),
  /** Which hops of X-Forwarded-For to believe: `false`, a hop count, or the load balancers' addresses. */
  TRUST_PROXY: trustProxy,
  SMTP_URL: z
    .string()
    .refine((value) => URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol), {
      message: 'must be an smtp:// or smtps:// URL (smtp://user:pass@host:587)',
    })
    .optional(),
  MAIL_FROM: z.string().optional(),
  CAPTCHA_PROVIDER: z.enum(CAPTCHA_PROVIDERS).optional(),
  /** Signs proof-of-work challenges; set the same value on every instance (random per process otherwise). */
  POW_SECRET: z.string().min(16).optional(),
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_VERIFY_URL: optionalUrl,
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_OAUTH_BASE: optionalUrl,
  DISCORD_CLIENT_ID: z.string().optional(),
  DISCORD_CLIENT_SECRET: z.string().optional(),
  DISCORD_API_BASE: optionalUrl,
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: optionalUrl,
  COINGATE_API_TOKEN: z.string().optional(),
  COINGATE_API_BASE: optionalUrl,
  PADDLE_API_KEY: z.string().optional(),
  PADDLE_WEBHOOK_SECRET: z.string().optional(),
  PADDLE_API_BASE: optionalUrl,
  PROXY_GATEWAY_HOST: z.string().optional(),
  /** Port in generated lines: the gateway's (31112), unless it is reached on another. */
  PROXY_GATEWAY_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Pool imports take loopback, private and link-local addresses too: tests and a shop on one machine only. */
  GATEWAY_ALLOW_PRIVATE_POOL: flag.default(false),
  /** Resellers' webhook endpoints on loopback/private addresses: refused in production unless true (SSRF). */
  WEBHOOKS_ALLOW_PRIVATE: flag.optional(),
  /** How long a webhook delivery waits for the receiver's answer. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** The proxy gateway's ports (its own settings, read here too): no pool address may use them. */
  GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(GATEWAY_PORT),
  GATEWAY_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(GATEWAY_METRICS_PORT),
  /** The built-in sandbox gateway (a Pay button that marks invoices paid): see `sandboxPayments`. */
  SANDBOX_PAYMENTS: flag.optional(),
  /** Background work (expiry, mail, clean-up): `false` only to measure what the runner costs. */
  JOBS_ENABLED: flag.default(true),
  /** Hours an expired datacenter / IPv6 plan keeps its addresses before they return to the pool. */
  PLAN_GRACE_HOURS: z.coerce.number().min(0).max(8760).default(72),
  /**
   * The gateway's fair-use settings (its own, read here too): the shop's maximums of a plan type the console
   * never set (issue #31 item 3). 0 is off.
   */
  GATEWAY_FAIR_USE_MAX_SOURCES: z.coerce.number().int().min(0).max(1000).default(0),
  GATEWAY_FAIR_USE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  GATEWAY_FAIR_USE_MAX_CONNECTIONS: z.coerce.number().int().min(0).max(10_000).default(0),
  /** Sub-users one customer may have over every product (issue #31). */
  SUBUSERS_MAX_PER_CUSTOMER: z.coerce.number().int().min(0).max(100_000).default(1000),
  /** Target host names per day of each set of credentials (issue #31 item 4, ADR 006); the gateway reads it too. */
  DOMAIN_STATS: flag.default(true),
  /** The shop's own backups (issue #29 item 5): where, how many kept, and when (cron, UTC; `off`: none). */
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  BACKUP_SCHEDULE: z
    .string()
    .regex(/^(off|\S+( \S+){4})$/, 'must be a cron line of five fields (30 3 * * *) or off')
    .default('30 3 * * *'),
  /** Signs the sandbox gateway's webhook events (default: random per process, which its own page uses). */
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** Tax on invoices (issue #30 item 4, ADR 015): `none` (no VAT) or `eu-vat` with the shop's member state. */
  TAX_MODE: z.enum(TAX_MODES).default('none'),
  TAX_SHOP_COUNTRY: z
    .string()
    .transform((code) => code.toUpperCase())
    .refine((code) => EU_COUNTRY_CODES.includes(code), {
      message: 'must be the ISO code of an EU member state (DE, FR, …; GR for Greece)',
    })
    .optional(),
  /** Catalogue prices include VAT (the buyer pays them as shown) or not (VAT is added at checkout). */
  TAX_PRICES_INCLUDE_VAT: flag.default(false),
  /** The EU's VIES REST API (`https://ec.europa.eu/taxation_customs/vies/rest-api`): VAT numbers checked there. */
  VIES_URL: optionalUrl,
  VIES_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
});

/** Settings that only work together: one without the other would half-work (a checkout nobody can confirm). */
const PAIRS = [
  ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  ['PADDLE_API_KEY', 'PADDLE_WEBHOOK_SECRET'],
] as const;

const unpaired = (settings: z.infer<typeof configSchema>): string | undefined => {
  for (const [a, b] of PAIRS) {
    if (settings[a] && !settings[b]) return `${a} is set without ${b}: set both, or neither`;
    if (settings[b] && !settings[a]) return `${b} is set without ${a}: set both, or neither`;
  }
  return undefined;
};

export type Config = z.infer<typeof configSchema> & {
  /** reCAPTCHA when its secret is set, proof of work otherwise, unless chosen (DESIGN.md §2). */
  CAPTCHA_PROVIDER: CaptchaProvider;
};

/** Parses the environment; throws one readable line naming every bad variable. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (parsed.success) {
    const provider = parsed.data.CAPTCHA_PROVIDER ?? (parsed.data.RECAPTCHA_SECRET ? 'recaptcha' : 'pow');
    if (provider === 'recaptcha' && !parsed.data.RECAPTCHA_SECRET) {
      throw new Error(
        'Invalid configuration: CAPTCHA_PROVIDER recaptcha needs RECAPTCHA_SECRET. See .env.example.',
      );
    }
    const half = unpaired(parsed.data);
    if (half) throw new Error(`Invalid configuration: ${half}. See .env.example.`);
    if (parsed.data.TAX_MODE === 'eu-vat' && !parsed.data.TAX_SHOP_COUNTRY) {
      throw new Error(
        "Invalid configuration: TAX_MODE eu-vat needs TAX_SHOP_COUNTRY (the shop's member state, e.g. DE). See .env.example.",
      );
    }
    return { ...parsed.data, CAPTCHA_PROVIDER: provider };
  }
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ');
  throw new Error(`Invalid configuration: ${problems}. See .env.example.`);
};

/** The tax settings the tax decision reads (`decideTax`, packages/contract). */
export const taxSettings = (config: Config): TaxSettings => ({
  mode: config.TAX_MODE,
  shopCountry: config.TAX_SHOP_COUNTRY ?? '',
  pricesIncludeVat: config.TAX_PRICES_INCLUDE_VAT,
});

/** Where customers reach the shop: links in e-mails and OAuth redirects. */
export const publicUrl = (config: Config): string =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');

/**
 * The shop's first identity as the seller (ADR 015), from SELLER_* and SUPPORT_URL (the brand name when SELLER_NAME
 * is unset): written once, when the database has none; the console edits it after.
 */
export const sellerSeed = (config: Config) => ({
  sellerName: config.SELLER_NAME ?? config.BRAND_NAME,
  sellerAddress: config.SELLER_ADDRESS?.replaceAll('\\n', '\n') ?? null,
  vatNumber: config.SELLER_VAT ?? null,
  registrationNumber: null,
  email: config.SELLER_EMAIL ?? null,
  supportUrl: config.SUPPORT_URL ?? null,
  invoicePrefix: 'INV',
  footer: null,
});

/** Where a customer asks for help: SUPPORT_URL, else a mail to SELLER_EMAIL, else nowhere (null). */
export const supportUrl = (config: Config): string | null =>
  config.SUPPORT_URL ?? (config.SELLER_EMAIL ? `mailto:${config.SELLER_EMAIL}` : null);

/**
 * The sandbox gateway (a Pay button that marks invoices paid, DESIGN.md §4): on by default only in a shop
 * that takes no real money yet (no provider has keys, NODE_ENV is not production); otherwise only when
 * SANDBOX_PAYMENTS=true, and then `warn` says so at every start.
 */
export const sandboxPayments = (config: Config): { on: boolean; warn: boolean } => {
  const realShop =
    config.NODE_ENV === 'production' ||
    [
      config.STRIPE_SECRET_KEY,
      config.STRIPE_WEBHOOK_SECRET,
      config.PADDLE_API_KEY,
      config.PADDLE_WEBHOOK_SECRET,
      config.COINGATE_API_TOKEN,
    ].some(Boolean);
  const on = config.SANDBOX_PAYMENTS ?? !realShop;
  return { on, warn: on && realShop };
};

/** A URL's port, or the scheme's usual one when it names none. */
const portOf = (url: string, usual: number) => Number(new URL(url).port || usual);

/**
 * The ports the shop itself listens on or talks to, each named by its setting (issue #28 item 8): a pool
 * address on one of them would have the gateway listen there. PostgreSQL's and Redis's usual ports always count.
 */
export const shopPorts = (config: Config): Map<number, string> => {
  const ports = new Map<number, string>([
    [5432, 'PostgreSQL'],
    [6379, 'Redis'],
  ]);
  const own: [number | undefined, string][] = [
    [config.DATABASE_URL ? portOf(config.DATABASE_URL, 5432) : undefined, 'DATABASE_URL'],
    [config.REDIS_URL ? portOf(config.REDIS_URL, 6379) : undefined, 'REDIS_URL'],
    [config.PORT, 'PORT'],
    [config.METRICS_PORT === 'off' ? undefined : config.METRICS_PORT, 'METRICS_PORT'],
    [config.GATEWAY_PORT, 'GATEWAY_PORT'],
    [config.PROXY_GATEWAY_PORT, 'PROXY_GATEWAY_PORT'],
    [config.GATEWAY_METRICS_PORT, 'GATEWAY_METRICS_PORT'],
  ];
  for (const [port, setting] of own) if (port) ports.set(port, setting);
  return ports;
};

/** Where the shop's own backups go: BACKUP_DIR, else a folder beside DATA_DIR (`./.data-backups`). */
export const backupDir = (config: Config): string =>
  config.BACKUP_DIR ?? `${config.DATA_DIR.replace(/\/+$/, '')}-backups`;
