import { taxEndpoints } from '@proxydesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { payloadOf } from '../../../lib/api';

/**
 * What the customer pays for an amount (after any promo code): net, VAT and total from their billing details and
 * the shop's tax settings (issue #30 item 4). The server decides again when the invoice is made.
 */
export const taxQuoteQuery = (amount: number, buyer: string) =>
  queryOptions({
    queryKey: ['tax-quote', amount, buyer],
    queryFn: payloadOf(taxEndpoints.quote, { query: { amount } }),
  });

/** `buyer` names the billing details the quote is for (country, VAT number): a change asks again. */
export const useTaxQuote = (amount: number, buyer: string) => useQuery(taxQuoteQuery(amount, buyer));
