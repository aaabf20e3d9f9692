import { useState, type ComponentType } from 'react';
import { CheckoutModal } from '../features/billing/checkout-modal';
import type { Order } from '../lib/order';

/**
 * A button of a feature that makes an order (`onOrder`), with billing's checkout for that order: the app joins
 * the two, so neither feature imports the other.
 */
export const withCheckout = <P extends { onOrder: (order: Order) => void }>(Button: ComponentType<P>) => {
  const WithCheckout = (props: Omit<P, 'onOrder'>) => {
    const [order, setOrder] = useState<Order | null>(null);
    return (
      <>
        <Button {...({ ...props, onOrder: setOrder } as P)} />
        <CheckoutModal order={order} onClose={() => setOrder(null)} />
      </>
    );
  };
  return WithCheckout;
};
