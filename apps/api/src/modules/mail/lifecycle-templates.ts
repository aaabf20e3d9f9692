import type { MailContent, MailContext } from './layout.js';

/** The page of a plan's product (`PRODUCT_PAGES`, e.g. `/product/datacenter`), where its Renew button is. */
const productUrl = ({ publicUrl }: MailContext, page: string) => `${publicUrl}${page}`;
const invoiceUrl = ({ publicUrl }: MailContext, invoiceId: string) => `${publicUrl}/invoice/${invoiceId}`;
const day = (iso: string) => new Date(iso).toUTCString().replace(/:\d\d GMT$/, ' UTC');

/** Receipts (always sent) and the mails customers can turn off in Settings → Notifications (issue #16 item 4). */
export const lifecycleTemplates = {
  /** An invoice for a plan was paid. `amount` as shown to the customer (e.g. "€12.00"). */
  'payment-receipt': (
    d: { invoiceId: string; plan: string; amount: string; method: string },
    context: MailContext,
  ): MailContent => ({
    subject: 'Payment received',
    heading: 'Thank you for your payment',
    paragraphs: [`Plan: ${d.plan}`, `Amount: ${d.amount}`, `Paid with: ${d.method}`],
    action: { label: 'View invoice', url: invoiceUrl(context, d.invoiceId) },
  }),

  /** A balance top-up was paid. */
  'topup-receipt': (
    d: { invoiceId: string; amount: string; method: string; balance: string },
    context: MailContext,
  ): MailContent => ({
    subject: 'Balance topped up',
    heading: 'Your balance was topped up',
    paragraphs: [`Amount: ${d.amount}`, `Paid with: ${d.method}`, `Your balance is now ${d.balance}.`],
    action: { label: 'View invoice', url: invoiceUrl(context, d.invoiceId) },
  }),

  /** A reminder 3 days (`hours: 72`) or 24 hours before a plan ends. `product`: its product page's slug. */
  'plan-ends': (
    d: { plan: string; product: string; endsAt: string; hours: 72 | 24 },
    context: MailContext,
  ): MailContent => {
    const when = d.hours === 72 ? 'in 3 days' : 'in 24 hours';
    return {
      subject: `Your plan ends ${when}`,
      heading: `Your plan "${d.plan}" ends ${when}`,
      paragraphs: [
        `It ends on ${day(d.endsAt)}. Renew it to keep the same addresses, whitelist and name.`,
        'You can turn these reminders off in Settings → Notifications.',
      ],
      action: { label: 'Renew', url: productUrl(context, d.product) },
    };
  },

  'plan-expired': (d: { plan: string; product: string }, context: MailContext): MailContent => ({
    subject: 'Your plan has expired',
    heading: `Your plan "${d.plan}" has expired`,
    paragraphs: [
      'Its proxies no longer work. Renew it soon to get the same addresses back.',
      'You can turn these reminders off in Settings → Notifications.',
    ],
    action: { label: 'Renew', url: productUrl(context, d.product) },
  }),

  /** 80% or 100% of a per-GB plan's data is used (once per plan and threshold). */
  'usage-alert': (
    d: { plan: string; product: string; percent: 80 | 100; usedGb: string; totalGb: string },
    context: MailContext,
  ): MailContent => ({
    subject: d.percent >= 100 ? 'All of your data is used' : `${d.percent}% of your data is used`,
    heading:
      d.percent >= 100
        ? `Your plan "${d.plan}" has used all its data`
        : `Your plan "${d.plan}" has used ${d.percent}% of its data`,
    paragraphs: [
      `${d.usedGb} GB of ${d.totalGb} GB used.`,
      ...(d.percent >= 100 ? ['Its proxies stop until you buy more data.'] : []),
      'You can turn these alerts off in Settings → Notifications.',
    ],
    action: { label: 'See your plan', url: productUrl(context, d.product) },
  }),

  /** A sub-user reached 80 % or 100 % of its own data limit (once per threshold, period and limit; issue #31). */
  'subuser-usage-alert': (
    d: {
      subuser: string;
      product: string;
      percent: 80 | 100;
      usedGb: string;
      limitGb: string;
      period: 'lifetime' | 'month' | 'day';
    },
    context: MailContext,
  ): MailContent => {
    const per = { lifetime: '', month: ' this month', day: ' today' }[d.period];
    const reset = {
      lifetime: '',
      month: ' It resets on the 1st at 00:00 UTC.',
      day: ' It resets at 00:00 UTC.',
    };
    return {
      subject:
        d.percent >= 100
          ? `Sub-user "${d.subuser}" reached its data limit`
          : `Sub-user "${d.subuser}" used ${d.percent}% of its data limit`,
      heading:
        d.percent >= 100
          ? `Your sub-user "${d.subuser}" has used all of its data limit${per}`
          : `Your sub-user "${d.subuser}" has used ${d.percent}% of its data limit${per}`,
      paragraphs: [
        `${d.usedGb} GB of ${d.limitGb} GB used.`,
        ...(d.percent >= 100
          ? [`Its lines are refused until you raise or remove the limit.${reset[d.period]}`]
          : []),
        'You can turn these alerts off in Settings → Notifications.',
      ],
      action: { label: 'See your sub-users', url: productUrl(context, d.product) },
    };
  },

  /**
   * A payment was refunded (called by the refunds of issue #16 item 6): `partial` when only part of it was, in
   * which case the plan keeps working.
   */
  'refund-made': (
    d: { invoiceId: string; amount: string; plan?: string; partial: boolean },
    context: MailContext,
  ): MailContent => ({
    subject: 'Refund made',
    heading: 'Your payment was refunded',
    paragraphs: [
      `${d.amount} was refunded${d.plan ? ` for "${d.plan}"` : ''}; your bank or provider may take a few days to show it.`,
      ...(d.partial ? [] : ['The plan this payment bought is suspended.']),
    ],
    action: { label: 'View invoice', url: invoiceUrl(context, d.invoiceId) },
  }),

  /** A reseller's auto-renew could not be paid from the balance (once per plan and period). */
  'auto-renew-failed': (
    d: { plan: string; endsAt: string; reason: string },
    { publicUrl }: MailContext,
  ): MailContent => ({
    subject: 'Your plan was not renewed',
    heading: `We could not renew "${d.plan}" from your balance`,
    paragraphs: [
      `Why: ${d.reason}.`,
      `The plan ends on ${day(d.endsAt)}. Top up your balance and renew it from its product page to keep its proxies.`,
    ],
    action: { label: 'Top up your balance', url: `${publicUrl}/balance` },
  }),

  /**
   * The operator retired an address a plan used (issue #17 §6): the plan moved to another one of its product.
   * `from` and `to` are `ADDRESS:PORT`; `product` is its product page's path.
   */
  'address-changed': (
    d: { plan: string; product: string; from: string; to: string },
    context: MailContext,
  ): MailContent => ({
    subject: 'Your proxy address changed',
    heading: `A proxy address of "${d.plan}" changed`,
    paragraphs: [
      `${d.from} was taken out of service. Your plan now uses ${d.to} instead, with the same whitelist and end date.`,
      `Update your software, scripts and proxy lists: replace ${d.from} with ${d.to}. The old address no longer works.`,
      'Your product page lists every address of the plan.',
    ],
    action: { label: 'See your proxies', url: productUrl(context, d.product) },
  }),
};
