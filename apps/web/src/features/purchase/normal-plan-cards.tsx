import { SimpleGrid } from '@mantine/core';
import type { Plan } from '@proxydesk/contract';
import { GbPlanCard } from './gb-plan-card';
import type { PlanChoice } from './plan-choice';

/**
 * The normal residential (PR_3) plans by price, the first on a wide card, each with its GB slider (SPEC.md §9);
 * Buy Now chooses the plan with its GB. On /pricing's Residential tab and /purchase/residential.
 */
export const NormalPlanCards = ({ plans, onBuy }: { plans: Plan[]; onBuy: (choice: PlanChoice) => void }) => {
  const normal = plans.filter((p) => p.type === 'PR_3').sort((a, b) => a.price - b.price);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {normal.map((plan, index) => (
        <GbPlanCard
          key={plan.id}
          plan={plan}
          wide={index === 0}
          onBuy={(chosen, gb, price) => onBuy({ kind: 'gb', plan: chosen, gb, price })}
        />
      ))}
    </SimpleGrid>
  );
};
