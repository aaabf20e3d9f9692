import { SegmentedControl, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { invoiceEndpoints, type Plan } from '@proxydesk/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { ProductTabLabel } from '../../components/product-tab-label';
import { QueryError } from '../../components/query-error';
import { CheckoutModal } from '../../features/billing/checkout-modal';
import { usePlans } from '../../features/purchase/api/get-plans';
import { NormalPlanCards } from '../../features/purchase/normal-plan-cards';
import { cardPrice, PlanCard } from '../../features/purchase/plan-card';
import { useAccess } from '../../lib/access';
import type { Order } from '../../lib/order';
import { BuyMoreGbWithCheckout } from '../buy-more-gb-with-checkout';

/**
 * /pricing (SPEC.md §2, §9): Normal Plans are the PR_3 plans by price, the first on a wide card, each with
 * its GB slider; Premium Plans are the PR_2 (ISP) plans, each tab naming its product (issue #19: not Premium
 * Residential). Buy Additional GB tops up a current plan.
 */
export const PricingPage = () => {
  const plans = usePlans();
  const { data: access } = useAccess();
  const [tab, setTab] = useState<'normal' | 'premium'>('normal');
  const [order, setOrder] = useState<Order | null>(null);
  const balanceAllowed = access?.isReseller ?? false;
  const all = plans.data ?? [];
  const premium = all.filter((p) => p.type === 'PR_2');

  const buyPremium = (plan: Plan) =>
    setOrder({
      title: plan.name,
      price: cardPrice(plan),
      endpoint: invoiceEndpoints.create,
      body: { plan: plan.id, proxyType: plan.type },
      balanceAllowed,
    });

  return (
    <>
      <PageHeader
        title="Pricing"
        description="Residential data by the GB: choose how much, pay once."
        actions={
          <BuyMoreGbWithCheckout variant="default" leftSection={<IconPlus size={16} />}>
            Buy Additional GB
          </BuyMoreGbWithCheckout>
        }
      />
      <Stack gap="lg">
        <SegmentedControl
          value={tab}
          onChange={(value) => setTab(value)}
          data={[
            { value: 'normal', label: <ProductTabLabel title="Normal Plans" product="Residential" /> },
            { value: 'premium', label: <ProductTabLabel title="Premium Plans" product="ISP" /> },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {plans.error ? (
          <QueryError error={plans.error} onRetry={() => void plans.refetch()} />
        ) : plans.isPending ? (
          <Skeleton height={320} />
        ) : tab === 'normal' ? (
          <NormalPlanCards plans={all} onOrder={setOrder} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {premium.map((plan) => (
              <PlanCard key={plan.id} plan={plan} onBuy={buyPremium} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <CheckoutModal order={order} onClose={() => setOrder(null)} />
    </>
  );
};
