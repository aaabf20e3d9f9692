import { IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { CheckoutModal } from '../../features/billing/checkout-modal';
import { useCustomDayPricesTable } from '../../features/purchase/api/get-custom-day-prices';
import { usePlans } from '../../features/purchase/api/get-plans';
import { productBySlug, readChoice } from '../../features/purchase/plan-choice';
import { PriceList } from '../../features/purchase/price-list';
import { resolveChoice } from '../../features/purchase/resolve-choice';
import { useAccess } from '../../lib/access';
import type { Order } from '../../lib/order';
import { BuyMoreGbWithCheckout } from '../buy-more-gb-with-checkout';
import { orderFor } from '../plan-order';

/**
 * /pricing signed in (SPEC.md §2, issue #33): every product's prices, a tab each (`?product=`), Buy Now opening
 * the checkout. An address that names a plan (a visitor's Buy Now, carried through sign-up) opens its checkout.
 */
export const PricingPage = () => {
  const plans = usePlans();
  const dayPrices = useCustomDayPricesTable();
  const { data: access } = useAccess();
  const [search, setSearch] = useSearchParams();
  const [order, setOrder] = useState<Order | null>(null);
  const product = productBySlug(search.get('product'));
  const balanceAllowed = access?.isReseller ?? false;

  // A plan named in the address opens its checkout once, when the prices (and whether a balance may pay) are
  // known; the address then keeps only the product. Keyed by the address: a render before the navigation lands
  // must not open it again.
  const named = readChoice(search) ? search.toString() : null;
  const opened = useRef<string | null>(null);
  const needsDayPrices = search.has('custom');
  useEffect(() => {
    if (!named || opened.current === named || !plans.data || !access) return;
    if (needsDayPrices && !dayPrices.data) return;
    opened.current = named;
    const address = new URLSearchParams(named);
    const request = readChoice(address);
    const choice = request && resolveChoice(request, plans.data, dayPrices.data);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- once per address, for the plan it names
    if (choice) setOrder(orderFor(choice, access.isReseller));
    setSearch({ product: productBySlug(address.get('product')).slug }, { replace: true });
  }, [named, needsDayPrices, plans.data, dayPrices.data, access, setSearch]);

  return (
    <>
      <PageHeader
        title="Pricing"
        description="Every product and plan, in euro: choose one, pay once, and your proxies are ready."
        actions={
          <BuyMoreGbWithCheckout variant="default" leftSection={<IconPlus size={16} />}>
            Buy Additional GB
          </BuyMoreGbWithCheckout>
        }
      />
      {plans.error ? (
        <QueryError query={plans} />
      ) : (
        <PriceList
          product={product.slug}
          onProduct={(slug) => setSearch({ product: slug }, { replace: true })}
          plans={plans.data}
          onBuy={(choice) => setOrder(orderFor(choice, balanceAllowed))}
        />
      )}
      <CheckoutModal order={order} onClose={() => setOrder(null)} />
    </>
  );
};
