import { BuyMoreGbButton } from '../features/purchase/buy-more-gb';
import { withCheckout } from '../features/billing/checkout-modal';

/** Buy more GB (features/purchase) with billing's checkout for its order: on /pricing, the per-GB pages, the dashboard. */
export const BuyMoreGbWithCheckout = withCheckout(BuyMoreGbButton);
