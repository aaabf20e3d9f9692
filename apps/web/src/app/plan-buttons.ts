import { lazy } from 'react';
import type { PlanBuyButtons } from '../features/dashboard/plan-list';

/**
 * The dashboard plan list's Renew and Buy more GB, each with its checkout. They bring the checkout, the catalogue
 * and the invoice schemas, so they load just after the list is drawn and the dashboard's first load carries none
 * of it; this file goes with the signed-in chunk (vite.config.ts), as the list does.
 */
export const planButtons: PlanBuyButtons = {
  RenewButton: lazy(async () => ({ default: (await import('./renew-with-checkout')).RenewWithCheckout })),
  BuyMoreGbButton: lazy(async () => ({
    default: (await import('./buy-more-gb-with-checkout')).BuyMoreGbWithCheckout,
  })),
};
