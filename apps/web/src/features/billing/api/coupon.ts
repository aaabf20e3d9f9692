import { couponEndpoints, type Coupon } from '@proxydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { payloadOf } from '../../../lib/api';

/** Whether a promo code applies now for this customer (the same checks as at checkout). */
export const couponQuery = (code: string) =>
  queryOptions({
    queryKey: ['coupon', code.toLowerCase()],
    queryFn: payloadOf(couponEndpoints.check, { query: { code } }),
    enabled: code.length > 0,
    retry: false,
  });

export const useCoupon = (code: string) => useQuery(couponQuery(code));

/** The total after the promo code, never below zero, to the cent (the server computes the same). */
export const discounted = (price: number, coupon: Coupon): number =>
  Math.max(
    0,
    Math.round(
      coupon.kind === 'percent'
        ? price * (100 - Math.min(coupon.value, 100))
        : price * 100 - coupon.value * 100,
    ) / 100,
  );
