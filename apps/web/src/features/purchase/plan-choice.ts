import type { Plan } from '@proxydesk/contract';

/** The products /pricing sells, by the slug its tabs and addresses use (issue #33: every product priced). */
export const PRICED_PRODUCTS = [
  { slug: 'residential', type: 'PR_3', label: 'Residential' },
  { slug: 'premium-residential', type: 'PR_6', label: 'Premium Residential' },
  { slug: 'isp', type: 'PR_2', label: 'ISP' },
  { slug: 'datacenter', type: 'PR_4', label: 'Datacenter' },
  { slug: 'ipv6', type: 'PR_5', label: 'IPv6' },
] as const;

export type PricedProduct = (typeof PRICED_PRODUCTS)[number];
export type ProductSlug = PricedProduct['slug'];

export const productBySlug = (slug: string | null): PricedProduct =>
  PRICED_PRODUCTS.find((p) => p.slug === slug) ?? PRICED_PRODUCTS[0];

/** What a Buy Now on a price card chose: a plan, a residential plan with its GB, or a custom IP plan. */
export type PlanChoice =
  | { kind: 'plan'; plan: Plan; price: number }
  | { kind: 'gb'; plan: Plan; gb: number; price: number }
  | { kind: 'custom'; product: 'PR_4' | 'PR_5'; days: number; ips: number; price: number };

const slugOf = (type: Plan['type']) => PRICED_PRODUCTS.find((p) => p.type === type)?.slug ?? 'residential';

/**
 * The /pricing address that opens this choice again: what a visitor who is not signed in carries through
 * sign-up (`?next=`), and what the signed-in page reads back (`readChoice`).
 */
export const choicePath = (choice: PlanChoice): string => {
  const query = new URLSearchParams();
  if (choice.kind === 'custom') {
    query.set('product', slugOf(choice.product));
    query.set('custom', `${choice.days}x${choice.ips}`);
  } else {
    query.set('product', slugOf(choice.plan.type));
    query.set('plan', String(choice.plan.id));
    if (choice.kind === 'gb') query.set('gb', String(choice.gb));
  }
  return `/pricing?${query.toString()}`;
};

/** The parts of a /pricing address that name a choice; the prices are the page's to compute. */
export type ChoiceRequest =
  | { kind: 'plan'; planId: number; gb: number | null }
  | { kind: 'custom'; product: 'PR_4' | 'PR_5'; days: number; ips: number };

const whole = (text: string | null): number | null =>
  text !== null && /^\d{1,5}$/.test(text) ? Number(text) : null;

/** A choice named in the address (`choicePath`), or null; values out of range are the cards' to refuse. */
export const readChoice = (search: URLSearchParams): ChoiceRequest | null => {
  const product = productBySlug(search.get('product'));
  const custom = /^(\d{1,2})x(\d{1,2})$/.exec(search.get('custom') ?? '');
  if (custom && (product.type === 'PR_4' || product.type === 'PR_5'))
    return { kind: 'custom', product: product.type, days: Number(custom[1]), ips: Number(custom[2]) };
  const planId = whole(search.get('plan'));
  return planId === null ? null : { kind: 'plan', planId, gb: whole(search.get('gb')) };
};
