import type { IssuedDocument, Seller, ShopIdentity } from '@proxydesk/contract';
import {
  findCreditNote,
  findInvoiceById,
  findOwnInvoice,
  listCreditNotes,
  readShopIdentity,
  saveShopIdentity,
  toCreditNote,
  toShopIdentity,
  type Actor,
  type Db,
  type InvoiceRow,
} from '@proxydesk/db';
import { HttpError } from '../../lib/http-error.js';
import { invoiceTax } from '../tax/invoice-tax.js';
import { renderDocumentPdf } from './pdf.js';

export type DocumentsService = ReturnType<typeof createDocumentsService>;

/** A PDF to send: its bytes and the file name it is saved under. */
export interface PdfFile {
  filename: string;
  content: Buffer;
}

const NO_INVOICE = 'Invoice not found';
const RECEIPTS = new Set(['payment-receipt', 'topup-receipt']);
const NOT_ISSUED = 'An invoice has a PDF once it is paid';

/** The seller block as SPEC.md's invoice answer names it, from a document as issued. */
export const sellerOfDocument = ({ seller }: IssuedDocument): Seller => ({
  name: seller.name,
  address: seller.address.join('\n') || null,
  vat: seller.vat_number,
  email: seller.email,
});

/**
 * Paid invoices and credit notes as documents (issue #30, ADR 015): their PDFs for their owner or staff, and the
 * shop's identity the console edits. `userId` given: the customer's own only (another's is simply not found).
 */
export const createDocumentsService = (db: Db, brand: string) => {
  const pdfOf = async (document: IssuedDocument): Promise<PdfFile> => ({
    filename: `${document.number}.pdf`,
    content: await renderDocumentPdf(document),
  });

  const invoiceFor = async (id: string, userId?: string): Promise<InvoiceRow> => {
    const row = userId === undefined ? await findInvoiceById(db, id) : await findOwnInvoice(db, userId, id);
    if (!row) throw new HttpError(404, NO_INVOICE);
    return row;
  };

  /** The shop as the seller now (the brand while it has no seller name): what an unpaid invoice shows. */
  const currentSeller = async (): Promise<Seller> => {
    const shop = await readShopIdentity(db);
    return {
      name: shop.sellerName ?? brand,
      address: shop.sellerAddress,
      vat: shop.vatNumber,
      email: shop.email,
    };
  };

  return {
    /** What an invoice's page shows beside it: the seller as issued (or as now), the document and credit notes. */
    extras: async (invoice: InvoiceRow) => ({
      seller: invoice.document ? sellerOfDocument(invoice.document) : await currentSeller(),
      document: invoice.document ?? null,
      tax: invoiceTax(invoice),
      credit_notes: (await listCreditNotes(db, invoice.id)).map(toCreditNote),
    }),

    invoicePdf: async (id: string, userId?: string): Promise<PdfFile> => {
      const invoice = await invoiceFor(id, userId);
      if (!invoice.document) throw new HttpError(404, NOT_ISSUED);
      return pdfOf(invoice.document);
    },

    /** The receipt mails carry the paid invoice's PDF (issue #30 §6); other mails carry nothing. */
    mailAttachments: async (template: string, data: Record<string, unknown>) => {
      if (!RECEIPTS.has(template) || typeof data.invoiceId !== 'string') return [];
      const invoice = await findInvoiceById(db, data.invoiceId);
      if (!invoice?.document) return [];
      const file = await pdfOf(invoice.document);
      return [{ ...file, contentType: 'application/pdf' }];
    },

    creditNotePdf: async (id: string, userId?: string): Promise<PdfFile> => {
      const note = await findCreditNote(db, id, userId);
      if (!note) throw new HttpError(404, 'Credit note not found');
      return pdfOf(note.document);
    },

    shop: async (): Promise<ShopIdentity> => toShopIdentity(await readShopIdentity(db)),

    saveShop: async (actor: Actor, identity: ShopIdentity, reason: string): Promise<ShopIdentity> => {
      const saved = await saveShopIdentity(db, actor, identity, reason);
      if (!saved) throw new Error('the shop identity was not saved');
      return saved;
    },
  };
};
