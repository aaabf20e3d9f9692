import { publicUrl, type Config } from './config.js';

/** One thing a shop needs before it takes customers (issue #29 item 3): fine or not, and what to do. */
export interface PreflightItem {
  /** The setting, as the README's configuration table names it. */
  name: string;
  ok: boolean;
  /** What is set (when fine) or what goes wrong without it and how to fix it. */
  detail: string;
}

const providers = (config: Config): string[] =>
  [
    config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET ? 'Stripe' : undefined,
    config.PADDLE_API_KEY && config.PADDLE_WEBHOOK_SECRET ? 'Paddle' : undefined,
    config.COINGATE_API_TOKEN ? 'CoinGate' : undefined,
  ].filter((name): name is string => name !== undefined);

const publicUrlItem = (config: Config): PreflightItem => {
  const name = 'PUBLIC_URL';
  if (!config.PUBLIC_URL)
    return {
      name,
      ok: false,
      detail: `not set: links in e-mails and payment returns would point at ${publicUrl(config)}; set the shop's https:// address`,
    };
  if (new URL(config.PUBLIC_URL).protocol !== 'https:')
    return {
      name,
      ok: false,
      detail: `${config.PUBLIC_URL} is not https: customers would sign in and pay over plain HTTP; set the https:// address Caddy serves`,
    };
  return { name, ok: true, detail: publicUrl(config) };
};

const mailItem = (config: Config): PreflightItem =>
  config.SMTP_URL
    ? { name: 'SMTP_URL', ok: true, detail: `mail through ${new URL(config.SMTP_URL).host}` }
    : {
        name: 'SMTP_URL',
        ok: false,
        detail: 'not set: mails, and the codes customers sign in with, would only be printed to the log',
      };

const paymentsItem = (config: Config): PreflightItem => {
  const name = 'Payment provider';
  const configured = providers(config);
  if (configured.length > 0) return { name, ok: true, detail: configured.join(', ') };
  if (config.SANDBOX_PAYMENTS === true)
    return {
      name,
      ok: true,
      detail: 'none, SANDBOX_PAYMENTS=true: the sandbox Pay button marks invoices paid for free',
    };
  return {
    name,
    ok: false,
    detail:
      'no provider has keys: customers could not pay; set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, PADDLE_API_KEY and PADDLE_WEBHOOK_SECRET, or COINGATE_API_TOKEN',
  };
};

/** A secret every instance must share: one random per process breaks a restart and a second instance. */
const sharedSecretItem = (name: string, value: string | undefined, signs: string): PreflightItem =>
  value
    ? { name, ok: true, detail: 'set' }
    : {
        name,
        ok: false,
        detail: `not set: each process signs ${signs} with a random key of its own, so a restart or another instance refuses what this one signed; set the same long random value on every instance`,
      };

const powSecretItem = (config: Config): PreflightItem | undefined =>
  config.CAPTCHA_PROVIDER === 'pow'
    ? sharedSecretItem('POW_SECRET', config.POW_SECRET, 'captcha challenges')
    : undefined;

/** Only where the sandbox is forced on: by default it is a toy of a single local process, where it is right. */
const sandboxSecretItem = (config: Config): PreflightItem | undefined =>
  config.SANDBOX_PAYMENTS === true
    ? sharedSecretItem('SANDBOX_WEBHOOK_SECRET', config.SANDBOX_WEBHOOK_SECRET, 'sandbox payments')
    : undefined;

/** The whole checklist: `npm run admin -- doctor` prints it, the console's overview shows it until all is fine. */
export const preflight = (config: Config): PreflightItem[] =>
  [
    publicUrlItem(config),
    mailItem(config),
    paymentsItem(config),
    powSecretItem(config),
    sandboxSecretItem(config),
  ].filter((item): item is PreflightItem => item !== undefined);

/** With NODE_ENV=production, what stops the start: one line per missing item. */
export class PreflightError extends Error {
  constructor(readonly missing: PreflightItem[]) {
    super(
      `NODE_ENV=production, but the shop is not ready to take customers:\n${missing
        .map((item) => `  - ${item.name}: ${item.detail}`)
        .join('\n')}\n(npm run admin -- doctor prints the whole checklist.)`,
    );
  }
}

/** Throws PreflightError in production when anything is missing; elsewhere the console shows the list. */
export const assertReadyForProduction = (config: Config): void => {
  if (config.NODE_ENV !== 'production') return;
  const missing = preflight(config).filter((item) => !item.ok);
  if (missing.length > 0) throw new PreflightError(missing);
};
