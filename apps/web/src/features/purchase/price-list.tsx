import { Stack, Tabs, Text } from '@mantine/core';
import type { Plan } from '@proxydesk/contract';
import { memo, useCallback, useDeferredValue, useLayoutEffect, useRef } from 'react';
import { PRICED_PRODUCTS, productBySlug, type PlanChoice, type ProductSlug } from './plan-choice';
import { ProductPlans } from './product-plans';

/** One line under each product's tab: what it is and how it is sold. */
const ABOUT: Record<ProductSlug, string> = {
  residential: 'Rotating and sticky residential IPs in 150+ countries, by the GB: choose how much.',
  'premium-residential': 'Residential IPs you can target by country, city and ISP, by the GB.',
  isp: 'ISP addresses in 150+ countries, sticky or rotating, by the GB.',
  datacenter: 'Dedicated datacenter IPs with unlimited bandwidth, by the month, or a custom plan.',
  ipv6: 'Large IPv6 ranges with unlimited bandwidth, by the month, or a custom plan.',
};

/** A tab's cards; drawn again only when the plans or the tab change (ADR 003: no long task when they arrive). */
const Panel = memo(function Panel({
  slug,
  plans,
  onBuy,
}: {
  slug: ProductSlug;
  plans: Plan[] | undefined;
  onBuy: (choice: PlanChoice) => void;
}) {
  const { type } = productBySlug(slug);
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {ABOUT[slug]}
      </Text>
      <ProductPlans product={type} plans={plans} onBuy={onBuy} />
    </Stack>
  );
});

/**
 * Every product's prices (issue #33), a tab each: the same cards for a visitor and a customer; what Buy Now
 * does is the page's (`onBuy`). `plans` undefined while loading.
 *
 * The catalogue's answer comes through a store that React draws at once (TanStack Query): its cards are drawn
 * from a deferred copy instead, a render that yields to the browser as it goes, so the page stays responsive
 * while a tab of cards with sliders is drawn (Lighthouse's total blocking time on /pricing, issue #33 item 8).
 */
export const PriceList = ({
  product,
  onProduct,
  plans,
  onBuy,
}: {
  product: ProductSlug;
  onProduct: (slug: ProductSlug) => void;
  plans: Plan[] | undefined;
  onBuy: (choice: PlanChoice) => void;
}) => {
  const shown = useDeferredValue(plans);
  const latestBuy = useRef(onBuy);
  useLayoutEffect(() => {
    latestBuy.current = onBuy;
  });
  const buy = useCallback((choice: PlanChoice) => latestBuy.current(choice), []);
  return (
    <Tabs
      value={product}
      onChange={(value) => value && onProduct(value as ProductSlug)}
      variant="pills"
      keepMounted={false}
    >
      <Tabs.List mb="lg" aria-label="Products">
        {PRICED_PRODUCTS.map(({ slug, label }) => (
          <Tabs.Tab key={slug} value={slug}>
            {label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {PRICED_PRODUCTS.map(({ slug }) => (
        <Tabs.Panel key={slug} value={slug}>
          <Panel slug={slug} plans={shown} onBuy={buy} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
};
