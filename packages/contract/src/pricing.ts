import { roundEuro } from './money.js';

/** GB slider of the normal (PR_3) plans, SPEC.md §5 and §9. */
export const GB_SLIDER = { step: 50, max: 2000 } as const;

/** Custom datacenter / IPv6 plan bounds, SPEC.md §5. */
export const CUSTOM_PLAN = { minDays: 1, maxDays: 30, minIps: 1, maxIps: 10, extraIpShare: 0.8 } as const;

export interface SliderPlan {
  /** Base price in euro for the plan's included data. */
  price: number;
  /** GB included in the base price: the slider's minimum. */
  data: number;
  /** Price of each further 50 GB; null for a plan whose slider is hidden (fixed data). */
  add_gb_price: number | null;
}

/** Slider bounds for a plan: min is the included data, fixed when the plan has no add-on price. */
export const gbSliderBounds = (
  plan: SliderPlan,
): { min: number; max: number; step: number; fixed: boolean } => {
  const fixed = plan.add_gb_price === null;
  return { min: plan.data, max: fixed ? plan.data : GB_SLIDER.max, step: GB_SLIDER.step, fixed };
};

/** Is `gb` a value the slider can take for this plan? */
export const isValidSliderGb = (plan: SliderPlan, gb: number): boolean => {
  const { min, max, step } = gbSliderBounds(plan);
  return Number.isInteger(gb) && gb >= min && gb <= max && (gb - min) % step === 0;
};

/**
 * Price = base price + ((GB − included GB) / 50) × price per further 50 GB (SPEC.md §9).
 * Throws on a GB value the slider cannot take: callers validate first.
 */
export const gbSliderPrice = (plan: SliderPlan, gb: number): number => {
  if (!isValidSliderGb(plan, gb)) throw new RangeError(`${gb} GB is not a valid choice for this plan`);
  const steps = (gb - plan.data) / GB_SLIDER.step;
  return roundEuro(plan.price + steps * (plan.add_gb_price ?? 0));
};

export const isValidCustomPlan = (days: number, ips: number): { days?: string; ips?: string } => {
  const errors: { days?: string; ips?: string } = {};
  if (!Number.isInteger(days) || days < CUSTOM_PLAN.minDays || days > CUSTOM_PLAN.maxDays)
    errors.days = 'Invalid Days';
  if (!Number.isInteger(ips) || ips < CUSTOM_PLAN.minIps || ips > CUSTOM_PLAN.maxIps)
    errors.ips = 'Invalid Ips';
  return errors;
};

/**
 * Custom plan total = day price(days) × (1 + 0.8 × (ips − 1)), DESIGN.md §4. `dayPrices` is the catalogue's
 * table (index = days − 1; SPEC.md §9 ships as `packages/db/catalogue/custom-day-prices.json`): the server
 * charges and the browser shows the same figure from the same table.
 */
export const customPlanPrice = (days: number, ips: number, dayPrices: readonly number[]): number => {
  const errors = isValidCustomPlan(days, ips);
  if (errors.days ?? errors.ips) throw new RangeError(errors.days ?? errors.ips);
  const dayPrice = dayPrices[days - 1];
  if (dayPrice === undefined) throw new RangeError(`no price for ${days} days`);
  return roundEuro(dayPrice * (1 + CUSTOM_PLAN.extraIpShare * (ips - 1)));
};

/** ISP and premium plans are priced per GB: the price shown is price × data (SPEC.md §9). */
export const perGbPlanTotal = (pricePerGb: number, data: number): number => roundEuro(pricePerGb * data);

/** Duration display: 720 h month, 168 h week, 24 h day, otherwise hours (SPEC.md §9). */
export const durationLabel = (hours: number): string => {
  if (hours === 720) return 'month';
  if (hours === 168) return 'week';
  if (hours === 24) return 'day';
  return `${hours} hours`;
};
