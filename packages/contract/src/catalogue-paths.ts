/**
 * The addresses of the catalogue's public reads, apart from their schemas: catalogue.ts builds its endpoints from
 * them, and the web reads them with a plain fetch so that the public /pricing page's first load carries no zod
 * (ADR 003, issue #33 item 8). The server checks each answer against the endpoint's schema as it sends it.
 */
export const CATALOGUE_PATHS = {
  plans: '/v1/plan/read',
  customDayPrices: '/v1/plan/custom-prices',
} as const;
