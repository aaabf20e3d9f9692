import { invoiceEndpoints, PRODUCT_NAMES } from '@proxydesk/contract';
import type { PlanChoice } from '../features/purchase/plan-choice';
import type { Order } from '../lib/order';

/** The invoice a price card's choice makes (SPEC.md §7): /pricing and /purchase/* hand it to the checkout. */
export const orderFor = (choice: PlanChoice, balanceAllowed: boolean): Order => {
  switch (choice.kind) {
    case 'gb':
      return {
        title: `${choice.plan.name}, ${choice.gb} GB`,
        price: choice.price,
        endpoint: invoiceEndpoints.createNormal,
        body: { plan: choice.plan.id, gb: choice.gb },
        balanceAllowed,
      };
    case 'custom': {
      const { days, ips, product } = choice;
      return {
        title: `Custom ${PRODUCT_NAMES[product]}: ${ips} IP${ips > 1 ? 's' : ''}, ${days} day${days > 1 ? 's' : ''}`,
        price: choice.price,
        endpoint: invoiceEndpoints.customCheckout,
        body: { days, ips, proxyType: product },
        balanceAllowed,
      };
    }
    case 'plan':
      return {
        title: choice.plan.name,
        price: choice.price,
        endpoint: invoiceEndpoints.create,
        body: { plan: choice.plan.id, proxyType: choice.plan.type },
        balanceAllowed,
      };
  }
};
