import { Button, type ButtonProps } from '@mantine/core';
import { invoiceEndpoints } from '@proxydesk/contract';
import { useState, type ReactNode } from 'react';
import { useAccess } from '../../lib/access';
import type { Order } from '../../lib/order';
import { AdditionalGbModal } from './additional-gb-modal';
import { usePlans } from './api/get-plans';

/**
 * Buy Additional GB: how many GB for which product's current plan (`product` chosen first), then an order for
 * the checkout (src/app opens it). On the pricing page, the dashboard's plans and the per-GB product pages
 * (issue #19).
 */
export const BuyMoreGbButton = ({
  product,
  children,
  onOrder,
  ...button
}: ButtonProps & {
  product?: string;
  children: ReactNode;
  'aria-label'?: string;
  onOrder: (order: Order) => void;
}) => {
  const plans = usePlans();
  const { data: access } = useAccess();
  const extraPlan = plans.data?.find((p) => p.type === 'PR_1');
  const [choosing, setChoosing] = useState(false);
  return (
    <>
      <Button {...button} onClick={() => setChoosing(true)} disabled={!extraPlan}>
        {children}
      </Button>
      <AdditionalGbModal
        opened={choosing}
        product={product}
        extraPlan={extraPlan}
        onClose={() => setChoosing(false)}
        onContinue={(amount, productType, price) => {
          setChoosing(false);
          onOrder({
            title: `${amount} GB more`,
            price,
            endpoint: invoiceEndpoints.buyAdditional,
            body: { plan: extraPlan!.id, amount, plan_type: productType },
            balanceAllowed: access?.isReseller ?? false,
          });
        }}
      />
    </>
  );
};
