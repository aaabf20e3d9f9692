import { z } from './zod.js';

/**
 * Net, VAT rate (percent), VAT and total in euro, and why no VAT (or a reverse charge) or null: what a checkout's
 * tax quote says and what an issued invoice or credit note carries.
 */
export const taxFiguresShape = {
  net: z.number(),
  vat_rate: z.number(),
  vat: z.number(),
  total: z.number(),
  tax_note: z.nullable(z.string()),
};
