import { useState, type ComponentProps } from 'react';
import { CheckoutModal } from '../features/billing/checkout-modal';
import { RenewButton } from '../features/proxies/plan-lifecycle';
import type { Order } from '../lib/order';

/** Renew (features/proxies) with billing's checkout for its order: the product pages' and the dashboard's. */
export const RenewWithCheckout = (props: Omit<ComponentProps<typeof RenewButton>, 'onOrder'>) => {
  const [order, setOrder] = useState<Order | null>(null);
  return (
    <>
      <RenewButton {...props} onOrder={setOrder} />
      <CheckoutModal order={order} onClose={() => setOrder(null)} />
    </>
  );
};
