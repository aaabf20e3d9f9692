import { SimpleGrid, Skeleton } from '@mantine/core';
import type { Plan } from '@proxydesk/contract';
import { lazy, Suspense } from 'react';
import { NormalPlanCards } from './normal-plan-cards';
import { cardPrice, PlanCard } from './plan-card';
import type { PlanChoice, PricedProduct } from './plan-choice';

/** The custom plan's card (its number inputs) loads with a datacenter or IPv6 tab, not with every price list. */
const CustomPlanCard = lazy(async () => ({ default: (await import('./custom-plan-card')).CustomPlanCard }));

/**
 * One product's price cards (SPEC.md §2): residential plans with their GB sliders, the per-GB and IP plans,
 * and a custom plan for datacenter and IPv6. Shared by /pricing and /purchase/*; `plans` undefined while loading.
 */
export const ProductPlans = ({
  product,
  plans,
  onBuy,
}: {
  product: PricedProduct['type'];
  plans: Plan[] | undefined;
  onBuy: (choice: PlanChoice) => void;
}) => {
  if (product === 'PR_3')
    return plans ? <NormalPlanCards plans={plans} onBuy={onBuy} /> : <Skeleton height={320} />;
  const mine = (plans ?? []).filter((p) => p.type === product);
  const customProduct = product === 'PR_4' || product === 'PR_5' ? product : null;
  // Four cards sit two by two, or four in a row, rather than three and one alone.
  const cards = mine.length + (customProduct ? 1 : 0);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: cards === 4 ? 2 : 3, xl: cards === 4 ? 4 : 3 }} spacing="md">
      {!plans && [1, 2, 3].map((i) => <Skeleton key={i} height={280} />)}
      {mine.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          onBuy={() => onBuy({ kind: 'plan', plan, price: cardPrice(plan) })}
        />
      ))}
      {customProduct && plans && (
        <Suspense fallback={<Skeleton height={280} />}>
          <CustomPlanCard
            product={customProduct}
            onBuy={({ days, ips, price }) =>
              onBuy({ kind: 'custom', product: customProduct, days, ips, price })
            }
          />
        </Suspense>
      )}
    </SimpleGrid>
  );
};
