import { ADMIN_TAG, adminRead, adminReason } from './admin-shared.js';
import { defineEndpoint } from './endpoint.js';
import { withPayload } from './envelope.js';
import { namedObject } from './named-object.js';
import { taxFiguresShape } from './tax-figures.js';
import { z } from './zod.js';

// Money documents (issue #30 §1–3, §6; ADR 015): paid invoices and credit notes, numbered and issued once with a
// snapshot of the seller and the buyer, and the shop's identity the console edits.

/** One side of a document: the seller or the buyer, as they were when it was issued. */
export const documentPartySchema = namedObject('DocumentParty', {
  name: z.string(),
  /** Address lines (street, town, country), in order. */
  address: z.array(z.string()),
  vat_number: z.nullable(z.string()),
  registration_number: z.nullable(z.string()),
  email: z.nullable(z.string()),
});
export type DocumentParty = z.infer<typeof documentPartySchema>;

/** A line of a document, euro without VAT (a promo code's discount is a line of its own, below zero). */
export const documentLineSchema = namedObject('DocumentLine', {
  description: z.string(),
  quantity: z.number(),
  unit_price: z.number(),
  amount: z.number(),
});
export type DocumentLine = z.infer<typeof documentLineSchema>;

/**
 * An invoice or a credit note as issued, never changed after. Every document carries net, VAT rate (percent), VAT
 * and total: under `TAX_MODE=none` the rate and VAT are 0 and the net is the total.
 */
export const issuedDocumentSchema = namedObject('IssuedDocument', {
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  issued_at: z.string(),
  seller: documentPartySchema,
  buyer: documentPartySchema,
  lines: z.array(documentLineSchema),
  currency: z.literal('EUR'),
  ...taxFiguresShape,
  /** An invoice: how it was paid (the payment method's name). */
  payment_method: z.nullable(z.string()),
  /** A credit note: the invoice it credits, and why. */
  invoice_number: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  footer: z.nullable(z.string()),
  support_url: z.nullable(z.string()),
});
export type IssuedDocument = z.infer<typeof issuedDocumentSchema>;

/** A credit note as lists show it. */
export const creditNoteSchema = namedObject('CreditNote', {
  id: z.string(),
  number: z.string(),
  invoice_id: z.string(),
  /** Euro given back, VAT included. */
  amount: z.number(),
  reason: z.string(),
  created: z.string(),
});
export type CreditNote = z.infer<typeof creditNoteSchema>;

/** The numbers' series: `INV-2026-000123` for invoices (the prefix set in the console), `CN-…` for credit notes. */
export const CREDIT_NOTE_PREFIX = 'CN';
export const documentNumber = (prefix: string, year: number, n: number) =>
  `${prefix}-${year}-${String(n).padStart(6, '0')}`;

/**
 * Net and VAT of an amount with VAT included, at `ratePercent` (0 under `TAX_MODE=none`: the net is the total).
 * The VAT is what is left once the net is rounded, so net + VAT is always the total.
 */
export const splitGross = (totalCents: number, ratePercent: number) => {
  const netCents = Math.round((totalCents * 100) / (100 + ratePercent));
  return { netCents, vatCents: totalCents - netCents };
};

const optionalText = (label: string, max: number) =>
  z.nullable(z.string().check(z.trim(), z.maxLength(max, `${label} is too long`)));

/** The shop as the seller (issue #30 §3): what the console edits. Empty texts mean none. */
export const shopIdentitySchema = namedObject('ShopIdentity', {
  seller_name: optionalText('Seller name', 120),
  seller_address: optionalText('Address', 500),
  vat_number: optionalText('VAT number', 40),
  registration_number: optionalText('Registration number', 60),
  email: z.nullable(z.union([z.literal(''), z.email('Enter an e-mail address')])),
  support_url: z.nullable(
    z.union([
      z.literal(''),
      z
        .string()
        .check(
          z.maxLength(500, 'Support link is too long'),
          z.regex(/^(https?:\/\/|mailto:)\S+$/, 'A support link starts with https://, http:// or mailto:'),
        ),
    ]),
  ),
  invoice_prefix: z.string().check(
    z.trim(),
    z.regex(/^[A-Z0-9]{1,10}$/, 'Invoice prefix: 1 to 10 capital letters or digits, e.g. INV'),
    z.refine((prefix) => prefix !== CREDIT_NOTE_PREFIX, 'CN is the credit notes’ prefix'),
  ),
  footer: optionalText('Footer', 500),
});
export type ShopIdentity = z.infer<typeof shopIdentitySchema>;

export const shopIdentityBodySchema = z.object({ ...shopIdentitySchema.shape, reason: adminReason });

const documentId = z.object({ id: z.string().check(z.maxLength(64)) });
/** A PDF answer (application/pdf); errors are JSON `{detail}` as everywhere. */
const pdf = z.string();

export const documentEndpoints = {
  invoicePdf: defineEndpoint({
    method: 'GET',
    path: '/v1/invoice/read/:invoice_id/pdf',
    summary: 'A paid invoice of yours as a PDF (application/pdf); 404 while unpaid',
    tag: 'invoice',
    access: 'user',
    params: z.object({ invoice_id: z.string().check(z.maxLength(64)) }),
    response: pdf,
  }),
  creditNotePdf: defineEndpoint({
    method: 'GET',
    path: '/v1/invoice/credit-note/:id/pdf',
    summary: 'A credit note of yours as a PDF (application/pdf)',
    tag: 'invoice',
    access: 'user',
    params: documentId,
    response: pdf,
  }),
};

export const adminDocumentEndpoints = {
  shop: adminRead(
    '/v1/admin/shop',
    'The shop as the seller on its invoices and credit notes',
    shopIdentitySchema,
  ),
  saveShop: defineEndpoint({
    method: 'PUT',
    path: '/v1/admin/shop',
    summary:
      'Change the shop as the seller (audited); documents issued before keep what they were issued with',
    tag: ADMIN_TAG,
    access: 'operator',
    body: shopIdentityBodySchema,
    response: withPayload(shopIdentitySchema),
  }),
  invoicePdf: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/invoices/:id/pdf',
    summary: 'A paid invoice as a PDF (application/pdf)',
    tag: ADMIN_TAG,
    access: 'staff',
    params: documentId,
    response: pdf,
  }),
  creditNotePdf: defineEndpoint({
    method: 'GET',
    path: '/v1/admin/credit-notes/:id/pdf',
    summary: 'A credit note as a PDF (application/pdf)',
    tag: ADMIN_TAG,
    access: 'staff',
    params: documentId,
    response: pdf,
  }),
};
