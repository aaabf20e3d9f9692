import { centsToEuro } from '@proxydesk/contract';
import type { InvoiceRow } from '@proxydesk/db';
import type { PaidAmount } from './gateway.js';

/** The payment methods each provider's events may pay: an event of one provider never pays another's invoice. */
const METHODS_OF_PROVIDER: Record<string, readonly string[]> = {
  sandbox: ['sandbox'],
  stripe: ['stripe'],
  paddle: ['paddle'],
  coingate: ['crypto', 'coingate'],
};

/** The shop's one currency (DESIGN.md §3: euro everywhere). */
const CURRENCY = 'EUR';

/**
 * Why a correctly signed payment cannot pay this invoice, or null (issue #15): made with another provider,
 * in another currency, or for less than the invoice's price. A mismatch is recorded and flagged, never
 * provisioned (ADR 005).
 */
export const paymentMismatch = (
  provider: string,
  amount: PaidAmount | null,
  invoice: Pick<InvoiceRow, 'paymentMethod' | 'priceCents'>,
): string | null => {
  if (!METHODS_OF_PROVIDER[provider]?.includes(invoice.paymentMethod))
    return `paid through ${provider}, but the invoice was made for ${invoice.paymentMethod}`;
  if (!amount) return `a ${provider} payment that names no amount`;
  if (amount.currency.toUpperCase() !== CURRENCY) return `paid in ${amount.currency}, not in ${CURRENCY}`;
  if (!Number.isSafeInteger(amount.cents) || amount.cents < invoice.priceCents)
    return `paid ${centsToEuro(amount.cents)} of ${centsToEuro(invoice.priceCents)} EUR`;
  return null;
};
