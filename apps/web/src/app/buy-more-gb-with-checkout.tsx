import { useState, type ComponentProps } from 'react';
import { CheckoutModal } from '../features/billing/checkout-modal';
import { BuyMoreGbButton } from '../features/purchase/buy-more-gb';
import type { Order } from '../lib/order';

/** Buy more GB (features/purchase) with billing's checkout for its order: on /pricing, the per-GB pages, the dashboard. */
export const BuyMoreGbWithCheckout = (props: Omit<ComponentProps<typeof BuyMoreGbButton>, 'onOrder'>) => {
  const [order, setOrder] = useState<Order | null>(null);
  return (
    <>
      <BuyMoreGbButton {...props} onOrder={setOrder} />
      <CheckoutModal order={order} onClose={() => setOrder(null)} />
    </>
  );
};
