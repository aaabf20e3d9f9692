import { CATALOGUE_PATHS, type CustomDayPrices } from '@proxydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readPublicList } from '../../../lib/api';

/**
 * The catalogue's custom-plan day prices, the table the server charges from (GET /v1/plan/custom-prices, public):
 * read without zod, as the plans (ADR 003).
 */
export const customDayPricesQuery = () =>
  queryOptions({
    queryKey: ['custom-day-prices'],
    queryFn: ({ signal }) => readPublicList<CustomDayPrices>(CATALOGUE_PATHS.customDayPrices, signal),
  });

/** One product's day prices (index = days − 1). */
export const useCustomDayPrices = (type: CustomDayPrices['type']) =>
  useQuery({ ...customDayPricesQuery(), select: (tables) => tables.find((t) => t.type === type)?.prices });

/** Every product's day prices: what a custom plan named in an address is priced from. */
export const useCustomDayPricesTable = () => useQuery(customDayPricesQuery());
