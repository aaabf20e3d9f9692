import { SimpleGrid, Skeleton } from '@mantine/core';
import { invoiceEndpoints, PRODUCT_NAMES, type Plan } from '@proxydesk/contract';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { CheckoutModal } from '../../features/billing/checkout-modal';
import { usePlans } from '../../features/purchase/api/get-plans';
import { CustomPlanCard } from '../../features/purchase/custom-plan-card';
import { NormalPlanCards } from '../../features/purchase/normal-plan-cards';
import { cardPrice, PlanCard } from '../../features/purchase/plan-card';
import { useAccess } from '../../lib/access';
import type { Order } from '../../lib/order';

type Product = 'PR_2' | 'PR_3' | 'PR_4' | 'PR_5' | 'PR_6';

/**
 * /purchase/{datacenter,isp,ipv6,premium-residential} (SPEC.md §2): plan cards, and a custom plan for datacenter and
 * IPv6; /purchase/residential (issue #19): the normal plans with their GB sliders, as on /pricing.
 */
const PurchasePage = ({ product }: { product: Product }) => {
  const plans = usePlans();
  const { data: access } = useAccess();
  const [order, setOrder] = useState<Order | null>(null);
  const balanceAllowed = access?.isReseller ?? false;
  const buyPlan = (plan: Plan) =>
    setOrder({
      title: plan.name,
      price: cardPrice(plan),
      endpoint: invoiceEndpoints.create,
      body: { plan: plan.id, proxyType: plan.type },
      balanceAllowed,
    });
  const mine = (plans.data ?? []).filter((p) => p.type === product);
  const customProduct = product === 'PR_4' || product === 'PR_5' ? product : null;
  // Four cards sit two by two, or four in a row, rather than three and one alone.
  const cards = mine.length + (customProduct ? 1 : 0);
  return (
    <>
      <PageHeader
        title={`Buy ${PRODUCT_NAMES[product]}`}
        description={`Pick a plan${product === 'PR_3' ? ' and how many GB' : ''}; you pay on the next page and get your proxies as soon as it is paid.`}
      />
      {plans.error ? (
        <QueryError error={plans.error} onRetry={() => void plans.refetch()} />
      ) : product === 'PR_3' ? (
        plans.isPending ? (
          <Skeleton height={320} />
        ) : (
          <NormalPlanCards plans={plans.data} onOrder={setOrder} />
        )
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: cards === 4 ? 2 : 3, xl: cards === 4 ? 4 : 3 }} spacing="md">
          {plans.isPending && [1, 2, 3].map((i) => <Skeleton key={i} height={280} />)}
          {mine.map((plan) => (
            <PlanCard key={plan.id} plan={plan} onBuy={buyPlan} />
          ))}
          {customProduct && !plans.isPending && (
            <CustomPlanCard
              product={customProduct}
              onBuy={({ days, ips, price }) =>
                setOrder({
                  title: `Custom ${PRODUCT_NAMES[product]}: ${ips} IP${ips > 1 ? 's' : ''}, ${days} day${days > 1 ? 's' : ''}`,
                  price,
                  endpoint: invoiceEndpoints.customCheckout,
                  body: { days, ips, proxyType: product },
                  balanceAllowed,
                })
              }
            />
          )}
        </SimpleGrid>
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
