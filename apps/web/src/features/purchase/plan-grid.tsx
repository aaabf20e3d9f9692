import { SimpleGrid, Skeleton } from '@mantine/core';
import type { Plan } from '@proxydesk/contract';
import { lazy, Suspense } from 'react';
import { PlanCard } from './plan-card';
import type { PlanChoice, PricedProduct } from './plan-choice';
import { cardPrice } from './plan-figures';

/** The custom plan's card (its number inputs) loads with a datacenter or IPv6 tab, not with every price list. */
const CustomPlanCard = lazy(async () => ({ default: (await import('./custom-plan-card')).CustomPlanCard }));

/**
 * The per-GB and IP plans' cards of one product (SPEC.md §2), and a custom plan for datacenter and IPv6; `plans`
 * undefined while loading. Not residential's: it loads with those tabs (product-plans.tsx).
 */
export const PlanGrid = ({
  product,
  plans,
  onBuy,
}: {
  product: Exclude<PricedProduct['type'], 'PR_3'>;
  plans: Plan[] | undefined;
  onBuy: (choice: PlanChoice) => void;
}) => {
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
