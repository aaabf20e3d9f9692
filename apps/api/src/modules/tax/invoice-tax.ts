import { centsToEuro, type TaxQuote } from '@proxydesk/contract';
import type { InvoiceRow } from '@proxydesk/db';

/**
 * An invoice's net, VAT rate, VAT and total as it was made (`TAX_MODE=eu-vat`) or issued (paid); null for an
 * unpaid invoice made under `none` (its amount is the total). The invoice page and the console show it.
 */
export const invoiceTax = (invoice: InvoiceRow): TaxQuote | null =>
  invoice.netCents !== null && invoice.vatRate !== null && invoice.vatCents !== null
    ? {
        net: centsToEuro(invoice.netCents),
        vat_rate: invoice.vatRate,
        vat: centsToEuro(invoice.vatCents),
        total: centsToEuro(invoice.priceCents),
        tax_note: invoice.taxNote,
      }
    : null;
