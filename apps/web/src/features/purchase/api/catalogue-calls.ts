import { catalogueEndpoints } from '@proxydesk/contract';
import { call } from '../../../lib/api';

/**
 * The catalogue's public reads with their schemas: a chunk of their own, fetched when the prices are asked for,
 * so that the public /pricing page does not evaluate zod and the catalogue's schemas before it is live (ADR 003,
 * issue #33 item 8).
 */
export const readPlans = async (signal: AbortSignal) =>
  (await call(catalogueEndpoints.plans, { signal })).payload;

export const readCustomDayPrices = async (signal: AbortSignal) =>
  (await call(catalogueEndpoints.customDayPrices, { signal })).payload;
