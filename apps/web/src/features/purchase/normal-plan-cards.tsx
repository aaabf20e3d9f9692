import { SimpleGrid } from '@mantine/core';
import { invoiceEndpoints, type Plan } from '@proxydesk/contract';
import { useAccess } from '../../lib/access';
import type { Order } from '../../lib/order';
import { GbPlanCard } from './gb-plan-card';

/**
 * The normal residential (PR_3) plans by price, the first on a wide card, each with its GB slider (SPEC.md §9);
 * Buy Now orders the chosen GB through create-normal. On /pricing's Normal Plans and /purchase/residential.
 */
export const NormalPlanCards = ({ plans, onOrder }: { plans: Plan[]; onOrder: (order: Order) => void }) => {
  const { data: access } = useAccess();
  const normal = plans.filter((p) => p.type === 'PR_3').sort((a, b) => a.price - b.price);
  const buy = (plan: Plan, gb: number, price: number) =>
    onOrder({
      title: `${plan.name}, ${gb} GB`,
      price,
      endpoint: invoiceEndpoints.createNormal,
      body: { plan: plan.id, gb },
      balanceAllowed: access?.isReseller ?? false,
    });
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {normal.map((plan, index) => (
        <GbPlanCard key={plan.id} plan={plan} wide={index === 0} onBuy={buy} />
      ))}
    </SimpleGrid>
  );
};
