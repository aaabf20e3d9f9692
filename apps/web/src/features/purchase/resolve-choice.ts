import {
  customPlanPrice,
  gbSliderPrice,
  isValidCustomPlan,
  isValidSliderGb,
  type CustomDayPrices,
  type Plan,
} from '@proxydesk/contract';
import { cardPrice } from './plan-figures';
import type { ChoiceRequest, PlanChoice } from './plan-choice';

const sliderOf = (plan: Plan) => ({
  price: plan.price,
  data: plan.data ?? 50,
  add_gb_price: plan.add_gb_price,
});

/**
 * The choice an address names (`readChoice`), priced from the catalogue as the cards price it; null when it
 * names no plan on sale or a value the card could not take (the page then shows the tab, nothing opened).
 */
export const resolveChoice = (
  request: ChoiceRequest,
  plans: Plan[],
  dayPrices: CustomDayPrices[] | undefined,
): PlanChoice | null => {
  if (request.kind === 'custom') {
    const { product, days, ips } = request;
    const table = dayPrices?.find((t) => t.type === product)?.prices ?? [];
    const errors = isValidCustomPlan(days, ips);
    if (errors.days ?? errors.ips ?? table.length < days) return null;
    return { kind: 'custom', product, days, ips, price: customPlanPrice(days, ips, table) };
  }
  const plan = plans.find((p) => p.id === request.planId);
  if (!plan || plan.type === 'PR_1') return null;
  if (plan.type !== 'PR_3') return { kind: 'plan', plan, price: cardPrice(plan) };
  const gb = request.gb ?? sliderOf(plan).data;
  if (!isValidSliderGb(sliderOf(plan), gb)) return null;
  return { kind: 'gb', plan, gb, price: gbSliderPrice(sliderOf(plan), gb) };
};
