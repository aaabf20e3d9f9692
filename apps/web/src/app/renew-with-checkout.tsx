import { RenewButton } from '../features/proxies/plan-lifecycle';
import { withCheckout } from '../features/billing/checkout-modal';

/** Renew (features/proxies) with billing's checkout for its order: the product pages' and the dashboard's. */
export const RenewWithCheckout = withCheckout(RenewButton);
