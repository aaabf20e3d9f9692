import type { invoiceEndpoints } from '@proxydesk/contract';

type CreateEndpoint = (typeof invoiceEndpoints)[Exclude<
  keyof typeof invoiceEndpoints,
  'list' | 'read' | 'renewQuote'
>];

/**
 * What is being bought: the call that makes its invoice and what it costs before any promo code. The features
 * that sell (purchase, proxies' Renew) make one; billing's checkout takes it; src/app hands it over.
 */
export interface Order {
  title: string;
  price: number;
  endpoint: CreateEndpoint;
  body: Record<string, unknown>;
  /** Whether the customer may pay from a balance (resellers). */
  balanceAllowed: boolean;
}
