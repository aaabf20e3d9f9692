import { Skeleton } from '@mantine/core';
import type { Plan } from '@proxydesk/contract';
import { lazy, Suspense } from 'react';
import { NormalPlanCards } from './normal-plan-cards';
import type { PlanChoice, PricedProduct } from './plan-choice';

/**
 * The other products' cards (their list, badges and icons) load with their tabs: /pricing opens on residential,
 * and its first load stays under ADR 003's 130 KiB (issue #33 item 8).
 */
const PlanGrid = lazy(async () => ({ default: (await import('./plan-grid')).PlanGrid }));

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
  return (
    <Suspense fallback={<Skeleton height={280} />}>
      <PlanGrid product={product} plans={plans} onBuy={onBuy} />
    </Suspense>
  );
};
