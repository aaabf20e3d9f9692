import { PRODUCT_NAMES } from '@proxydesk/contract';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { CheckoutModal } from '../../features/billing/checkout-modal';
import { usePlans } from '../../features/purchase/api/get-plans';
import type { PricedProduct } from '../../features/purchase/plan-choice';
import { ProductPlans } from '../../features/purchase/product-plans';
import { useAccess } from '../../lib/access';
import type { Order } from '../../lib/order';
import { orderFor } from '../plan-order';

type Product = PricedProduct['type'];

/**
 * /purchase/{datacenter,isp,ipv6,premium-residential} (SPEC.md §2): plan cards, and a custom plan for datacenter and
 * IPv6; /purchase/residential (issue #19): the normal plans with their GB sliders, as on /pricing.
 */
const PurchasePage = ({ product }: { product: Product }) => {
  const plans = usePlans();
  const { data: access } = useAccess();
  const [order, setOrder] = useState<Order | null>(null);
  return (
    <>
      <PageHeader
        title={`Buy ${PRODUCT_NAMES[product]}`}
        description={`Pick a plan${product === 'PR_3' ? ' and how many GB' : ''}; you pay on the next page and get your proxies as soon as it is paid.`}
      />
      {plans.error ? (
        <QueryError query={plans} />
      ) : (
        <ProductPlans
          product={product}
          plans={plans.data}
          onBuy={(choice) => setOrder(orderFor(choice, access?.isReseller ?? false))}
        />
      )}
      <CheckoutModal order={order} onClose={() => setOrder(null)} />
    </>
  );
};

export const PurchaseDatacenterPage = () => <PurchasePage product="PR_4" />;
export const PurchaseIspPage = () => <PurchasePage product="PR_2" />;
export const PurchaseIpv6Page = () => <PurchasePage product="PR_5" />;
export const PurchasePremiumPage = () => <PurchasePage product="PR_6" />;
export const PurchaseResidentialPage = () => <PurchasePage product="PR_3" />;
