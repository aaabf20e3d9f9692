import {
  centsToEuro,
  CREDIT_NOTE_PREFIX,
  euroToCents,
  documentNumber,
  splitGross,
  type CreditNote,
  type DocumentLine,
  type DocumentParty,
  type IssuedDocument,
} from '@proxydesk/contract';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { isUuid } from '../schema/columns.js';
import {
  billingDetails,
  creditNotes,
  documentCounters,
  invoices,
  paymentMethods,
  users,
  type DOCUMENT_SERIES,
} from '../schema/index.js';
import type { InvoiceRow } from './invoices.js';
import { addToRevenue } from './revenue.js';
import { readShopIdentity, type ShopIdentityRow } from './shop-identity.js';

export type CreditNoteRow = typeof creditNotes.$inferSelect;

/**
 * The next number of a series in a calendar year (UTC), inside the caller's transaction: the counter row is
 * written (`insert … on conflict do update … returning`), so it stays locked until the transaction ends and a
 * concurrent issuer waits for it. A transaction that rolls back gives its number back: no gap, no duplicate.
 */
export const nextDocumentNumber = async (
  tx: Db,
  series: (typeof DOCUMENT_SERIES)[number],
  year: number,
): Promise<number> => {
  const [row] = await tx
    .insert(documentCounters)
    .values({ series, year, last: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.year],
      set: { last: sql`${documentCounters.last} + 1` },
    })
    .returning({ last: documentCounters.last });
  if (!row) throw new Error(`no number was given in the ${series} series`);
  return row.last;
};

const lines = (text: string | null) =>
  (text ?? '')
    .replaceAll('\\n', '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const sellerOf = (shop: ShopIdentityRow): DocumentParty => ({
  name: shop.sellerName ?? '',
  address: lines(shop.sellerAddress),
  vat_number: shop.vatNumber,
  registration_number: shop.registrationNumber,
  email: shop.email,
});

/**
 * The customer as billed now (their billing details, else their username), for a document issued now, and their
 * country (null without billing details).
 */
const buyerOf = async (tx: Db, userId: string): Promise<{ party: DocumentParty; country: string | null }> => {
  const [row] = await tx
    .select({ billing: billingDetails, username: users.username, email: users.email })
    .from(users)
    .leftJoin(billingDetails, eq(billingDetails.userId, users.id))
    .where(eq(users.id, userId));
  const billing = row?.billing;
  const person = billing ? `${billing.firstName} ${billing.lastName}` : (row?.username ?? '');
  const address = billing ? [billing.address, `${billing.zip} ${billing.city}`, billing.country] : [];
  // A business is billed by its company name, to the person's attention; its VAT number is printed (a reverse
  // charge names it).
  const party = {
    name: billing?.company ?? person,
    address: billing?.company ? [person, ...address] : address,
    vat_number: billing?.vatNumber ?? null,
    registration_number: null,
    email: row?.email ?? null,
  };
  return { party, country: billing?.country ?? null };
};

/**
 * What the invoice bought, as its lines without VAT: the list price, and a promo code's discount below it. When the
 * invoice's VAT was taken out of a price that included it (`TAX_PRICES_INCLUDE_VAT`), each line is that price's
 * net, and the first line takes the cent that rounding leaves, so that the lines add up to the net.
 */
const invoiceLines = (invoice: InvoiceRow, netCents: number): DocumentLine[] => {
  const lines = grossLines(invoice);
  const gross = lines.reduce((sum, line) => sum + euroToCents(line.amount), 0);
  if (gross === netCents || gross === 0) return lines;
  const nets = lines.map((line) => Math.round((euroToCents(line.amount) * netCents) / gross));
  nets[0] = (nets[0] ?? 0) + netCents - nets.reduce((sum, cents) => sum + cents, 0);
  return lines.map((line, index) => {
    const amount = centsToEuro(nets[index]!);
    return { ...line, unit_price: amount, amount };
  });
};

/** The invoice's lines at the catalogue's prices (before any VAT is taken out of them). */
const grossLines = (invoice: InvoiceRow): DocumentLine[] => {
  const details = [
    invoice.dataGb !== null ? `${invoice.dataGb} GB` : null,
    invoice.ipAmount !== null ? `${invoice.ipAmount} IP${invoice.ipAmount === 1 ? '' : 's'}` : null,
    invoice.durationHours ? `${Math.round(invoice.durationHours / 24)} days` : null,
  ].filter(Boolean);
  const what =
    invoice.kind === 'balance'
      ? 'Balance top-up'
      : invoice.kind === 'renewal'
        ? `Renewal: ${invoice.planName}`
        : invoice.kind === 'additional_gb'
          ? `More data: ${invoice.planName}`
          : invoice.planName;
  const list = centsToEuro(invoice.listPriceCents);
  const bought: DocumentLine = {
    description: details.length > 0 && invoice.kind !== 'balance' ? `${what} (${details.join(', ')})` : what,
    quantity: 1,
    unit_price: list,
    amount: list,
  };
  const off = invoice.listPriceCents - invoice.priceCents;
  if (off <= 0) return [bought];
  const discount = -centsToEuro(off);
  return [
    bought,
    {
      description: `Promo code ${invoice.couponCode ?? ''}`.trim(),
      quantity: 1,
      unit_price: discount,
      amount: discount,
    },
  ];
};

/** How an invoice was paid, in words: the payment method's name (a payment marked by the shop says so). */
const paidHow = async (tx: Db, invoice: InvoiceRow, provider: string) => {
  if (provider === 'manual') return 'Marked paid by the shop (bank transfer)';
  if (provider === 'free') return 'Free (promo code)';
  const [method] = await tx
    .select({ name: paymentMethods.name })
    .from(paymentMethods)
    .where(eq(paymentMethods.code, invoice.paymentMethod));
  return method?.name ?? invoice.paymentMethod;
};

/**
 * The invoice's tax: as decided when it was made under `TAX_MODE=eu-vat` (`decideTax`: net, rate, VAT and note on
 * the row, `priceCents` the total), else none (`TAX_MODE=none`, and invoices made before tax existed): rate 0,
 * the net is the total.
 */
const taxOf = (invoice: InvoiceRow) =>
  invoice.vatRate !== null && invoice.netCents !== null && invoice.vatCents !== null
    ? {
        netCents: invoice.netCents,
        vatCents: invoice.vatCents,
        ratePercent: invoice.vatRate,
        note: invoice.taxNote,
      }
    : { ...splitGross(invoice.priceCents, 0), ratePercent: 0, note: null };

/** The invoice as issued now, under `number`: seller and buyer copied, lines, net, VAT and total. */
const invoiceDocument = async (
  tx: Db,
  invoice: InvoiceRow,
  shop: ShopIdentityRow,
  { number, paidAt, provider }: { number: string; paidAt: Date; provider: string },
) => {
  const { netCents, vatCents, ratePercent, note } = taxOf(invoice);
  const buyer = await buyerOf(tx, invoice.userId);
  const document: IssuedDocument = {
    kind: 'invoice',
    number,
    issued_at: paidAt.toISOString(),
    seller: sellerOf(shop),
    buyer: buyer.party,
    lines: invoiceLines(invoice, netCents),
    currency: 'EUR',
    net: centsToEuro(netCents),
    vat_rate: ratePercent,
    vat: centsToEuro(vatCents),
    total: centsToEuro(invoice.priceCents),
    tax_note: note,
    payment_method: await paidHow(tx, invoice, provider),
    invoice_number: null,
    reason: null,
    footer: shop.footer,
    support_url: shop.supportUrl,
  };
  return { netCents, vatRate: ratePercent, vatCents, buyerCountry: buyer.country, document };
};

/**
 * Issues a paid invoice inside the transaction that marks it paid (issue #30 §1, §3): its number in the year's
 * series, and the document as issued (seller and buyer copied now, lines, net, VAT and total), never changed after.
 * Answers the number.
 */
export const issueInvoice = async (
  tx: Db,
  invoice: InvoiceRow,
  { paidAt, provider }: { paidAt: Date; provider: string },
): Promise<string> => {
  const shop = await readShopIdentity(tx);
  const draft = await invoiceDocument(tx, invoice, shop, { number: '', paidAt, provider });
  await addToRevenue(tx, {
    kind: 'invoice',
    at: paidAt,
    product: invoice.proxyType,
    method: invoice.paymentMethod,
    country: draft.buyerCountry,
    vatRate: draft.vatRate,
    netCents: draft.netCents,
    vatCents: draft.vatCents,
    totalCents: invoice.priceCents,
  });
  // The number last: the counter's row stays locked until the commit, and nothing is waited for after it.
  const year = paidAt.getUTCFullYear();
  const number = documentNumber(shop.invoicePrefix, year, await nextDocumentNumber(tx, 'invoice', year));
  await tx
    .update(invoices)
    .set({ ...draft, number, document: { ...draft.document, number } })
    .where(eq(invoices.id, invoice.id));
  return number;
};

/**
 * Invoices numbered by the migration that brought numbers (paid before), without a document yet: written once, at
 * start, with the shop's identity as it is then. Answers how many.
 */
export const backfillInvoiceDocuments = async (db: Db): Promise<number> => {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.paid, true), isNotNull(invoices.number), isNull(invoices.document)));
  if (rows.length === 0) return 0;
  const shop = await readShopIdentity(db);
  for (const row of rows) {
    const { document } = await invoiceDocument(db, row, shop, {
      number: row.number ?? '',
      paidAt: row.paidAt ?? row.createdAt,
      provider: row.paymentMethod,
    });
    await db
      .update(invoices)
      .set({ document })
      .where(and(eq(invoices.id, row.id), isNull(invoices.document)));
  }
  return rows.length;
};

/**
 * A credit note for a refund of `cents` (issue #30 §2), inside the refund's transaction: its own series, naming the
 * invoice, the amount and why; the buyer as the invoice was issued to, the seller as the shop is now, the VAT
 * at the invoice's rate.
 */
export const issueCreditNote = async (
  tx: Db,
  invoice: InvoiceRow,
  { cents, reason, at }: { cents: number; reason: string; at: Date },
): Promise<CreditNoteRow> => {
  const shop = await readShopIdentity(tx);
  const ratePercent = invoice.vatRate ?? 0;
  const { netCents, vatCents } = splitGross(cents, ratePercent);
  const invoiceNumber = invoice.number ?? invoice.id;
  // The buyer as the invoice was issued to; what it does not say (an invoice issued before snapshots): as billed now.
  const billedNow = () => buyerOf(tx, invoice.userId);
  const buyer = {
    party: invoice.document?.buyer ?? (await billedNow()).party,
    country: invoice.buyerCountry ?? (await billedNow()).country,
  };
  const amount = centsToEuro(netCents);
  const issued: Omit<IssuedDocument, 'number'> = {
    kind: 'credit_note',
    issued_at: at.toISOString(),
    seller: sellerOf(shop),
    buyer: buyer.party,
    lines: [
      {
        description: `Refund of invoice ${invoiceNumber}: ${invoice.kind === 'balance' ? 'Balance top-up' : invoice.planName}`,
        quantity: 1,
        unit_price: amount,
        amount,
      },
    ],
    currency: 'EUR',
    net: amount,
    vat_rate: ratePercent,
    vat: centsToEuro(vatCents),
    total: centsToEuro(cents),
    tax_note: invoice.document?.tax_note ?? null,
    payment_method: null,
    invoice_number: invoiceNumber,
    reason,
    footer: shop.footer,
    support_url: shop.supportUrl,
  };
  // The row's foreign keys share-lock the customer: taken before the number, so that nothing is waited for while
  // the counter is held (a balance purchase holds the customer's row and then asks for the invoice counter).
  await tx.select({ id: users.id }).from(users).where(eq(users.id, invoice.userId)).for('key share');
  await addToRevenue(tx, {
    kind: 'credit_note',
    at,
    product: invoice.proxyType,
    method: invoice.paymentMethod,
    country: buyer.country,
    vatRate: ratePercent,
    netCents,
    vatCents,
    totalCents: cents,
  });
  const year = at.getUTCFullYear();
  const number = documentNumber(CREDIT_NOTE_PREFIX, year, await nextDocumentNumber(tx, 'credit-note', year));
  const [row] = await tx
    .insert(creditNotes)
    .values({
      number,
      invoiceId: invoice.id,
      userId: invoice.userId,
      totalCents: cents,
      netCents,
      vatRate: ratePercent,
      vatCents,
      buyerCountry: buyer.country,
      reason,
      document: { ...issued, number },
      createdAt: at,
    })
    .returning();
  if (!row) throw new Error('the credit note was not written');
  return row;
};

export const toCreditNote = (row: CreditNoteRow): CreditNote => ({
  id: row.id,
  number: row.number,
  invoice_id: row.invoiceId,
  amount: centsToEuro(row.totalCents),
  reason: row.reason,
  created: row.createdAt.toISOString(),
});

/** An invoice's credit notes, oldest first. */
export const listCreditNotes = async (db: Db, invoiceId: string): Promise<CreditNoteRow[]> =>
  isUuid(invoiceId)
    ? db
        .select()
        .from(creditNotes)
        .where(eq(creditNotes.invoiceId, invoiceId))
        .orderBy(asc(creditNotes.createdAt), asc(creditNotes.number))
    : [];

/** A credit note by id, the customer's own only when `userId` is given (another customer's is not found). */
export const findCreditNote = async (
  db: Db,
  id: string,
  userId?: string,
): Promise<CreditNoteRow | undefined> =>
  isUuid(id)
    ? (
        await db
          .select()
          .from(creditNotes)
          .where(
            and(eq(creditNotes.id, id), userId === undefined ? undefined : eq(creditNotes.userId, userId)),
          )
      )[0]
    : undefined;
