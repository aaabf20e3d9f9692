import type { Plan } from '@proxydesk/contract';
import { schema } from '@proxydesk/db';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInWithCode, signUp } from '../../../test-support/accounts.js';
import { useMailedApp } from '../../../test-support/app.js';
import { pdfText } from '../../../test-support/pdf-text.js';
import { pressPay } from '../../../test-support/sandbox.js';

/**
 * Money documents (issue #30 §1–3, §6, ADR 015): paid invoices numbered in one series a year, a credit note for
 * every refund, the shop's identity edited in the console and copied into each document as issued, and PDFs for
 * their owner and staff only.
 */
const bed = useMailedApp({
  SELLER_NAME: 'Acme Proxies Ltd',
  SELLER_ADDRESS: '1 Quay Street\\nDublin D02 X285\\nIreland',
  SELLER_VAT: 'IE1234567T',
  SELLER_EMAIL: 'billing@acme.example',
});
let plan: Plan;
const tokens: Record<string, string> = {};
const YEAR = new Date().getUTCFullYear();
const BILLING = {
  first_name: 'Cathal',
  last_name: 'Ó Briain',
  address: '7 Harbour Row',
  city: 'Cork',
  zip: 'T12 AB34',
  country: 'Ireland',
};

beforeAll(async () => {
  for (const name of ['olga', 'cat', 'dan'])
    tokens[name] = await signUp(bed.api, bed.smtp, { username: name, email: `${name}@example.com` });
  await bed.t.database.db
    .update(schema.users)
    .set({ role: 'operator', is2fa: true })
    .where(eq(schema.users.username, 'olga'));
  tokens.olga = await signInWithCode(bed.api, bed.smtp, { username: 'olga', email: 'olga@example.com' });
  for (const name of ['cat', 'dan'])
    expect((await bed.api.post('/v1/billing/create', BILLING, as(name))).status).toBe(200);
  const plans = (await bed.api.get('/v1/plan/read')).body.payload as Plan[];
  plan = plans.find((p) => p.type === 'PR_4')!;
});

const as = (name: string) => ({ token: tokens[name]! });

const buy = async (name: string) => {
  const made = await bed.api.post(
    '/v1/invoice/create',
    { plan: plan.id, payment_method: 'sandbox' },
    as(name),
  );
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.payload as { invoice_id: string; hosted_url: string };
};

const pay = (hostedUrl: string) => pressPay(bed.t.app, hostedUrl);

const read = async (id: string, name = 'cat') => {
  const answer = await bed.api.get(`/v1/invoice/read/${id}`, as(name));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.payload as {
    invoice: { number: string | null; status: boolean; paid_at: string | null };
    seller: { name: string };
    document: { number: string; seller: { name: string; address: string[] }; buyer: { name: string } } | null;
    credit_notes: { id: string; number: string; amount: number; reason: string }[];
  };
};

/** GET a PDF: its status, type and (when 200) its text. */
const pdf = async (url: string, name: string) => {
  const res = await bed.t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${tokens[name]}` },
  });
  if (res.statusCode !== 200)
    return { status: res.statusCode, detail: res.json<{ detail: string }>().detail };
  expect(res.headers['content-type']).toBe('application/pdf');
  return { status: 200, ...(await pdfText(res.rawPayload)), filename: res.headers['content-disposition'] };
};

const number = (n: number, prefix = 'INV') => `${prefix}-${YEAR}-${String(n).padStart(6, '0')}`;
const invoices: string[] = [];

describe('invoice numbers (issue #30 §1)', () => {
  it('a paid invoice gets the next number of the year when it is paid; an unpaid one has its id only', async () => {
    const first = await buy('cat');
    const second = await buy('dan');
    invoices.push(first.invoice_id, second.invoice_id);
    expect((await read(first.invoice_id)).invoice.number).toBeNull();

    await pay(second.hosted_url);
    await pay(first.hosted_url);
    expect((await read(second.invoice_id, 'dan')).invoice.number).toBe(number(1));
    const paid = await read(first.invoice_id);
    expect(paid.invoice).toMatchObject({ number: number(2), status: true });
    const list = await bed.api.get('/v1/invoice/read', as('cat'));
    expect(list.body.results[0]).toMatchObject({ id: first.invoice_id, number: number(2) });
    const console = await bed.api.get(`/v1/admin/invoices/${first.invoice_id}`, as('olga'));
    expect(console.body.payload.invoice.number).toBe(number(2));

    const unpaid = await buy('cat');
    expect((await read(unpaid.invoice_id)).invoice.number).toBeNull();
    expect(await pdf(`/v1/invoice/read/${unpaid.invoice_id}/pdf`, 'cat')).toEqual({
      status: 404,
      detail: 'An invoice has a PDF once it is paid',
    });
  });
});

describe('the invoice as issued, and its PDF (issue #30 §3, §6)', () => {
  it('keeps the seller and buyer it was issued with; the PDF names number, seller, buyer, lines and sums', async () => {
    const { document, seller } = await read(invoices[0]!);
    expect(document).toMatchObject({
      number: number(2),
      seller: { name: 'Acme Proxies Ltd', address: ['1 Quay Street', 'Dublin D02 X285', 'Ireland'] },
      buyer: { name: 'Cathal Ó Briain', address: ['7 Harbour Row', 'T12 AB34 Cork', 'Ireland'] },
      net: plan.price,
      vat_rate: 0,
      vat: 0,
      total: plan.price,
      payment_method: expect.any(String),
    });
    expect(seller.name).toBe('Acme Proxies Ltd');

    const file = await pdf(`/v1/invoice/read/${invoices[0]}/pdf`, 'cat');
    expect(file.status).toBe(200);
    if (!('text' in file)) throw new Error('no PDF');
    expect(file.pages).toBe(1);
    expect(file.filename).toContain(`${number(2)}.pdf`);
    for (const words of [
      'Invoice',
      number(2),
      'Acme Proxies Ltd',
      'Dublin D02 X285',
      'VAT number: IE1234567T',
      'Cathal Ó Briain',
      'T12 AB34 Cork',
      plan.name,
      'Net',
      'VAT 0 %',
      'Total',
      `€${plan.price.toFixed(2)}`,
    ])
      expect(file.text).toContain(words);
    // Every font is embedded.
    expect(file.fonts).not.toMatch(/\sno\s+(yes|no)\s+(yes|no)\s+\d/);

    // Another customer: not found, as if it did not exist; staff: the same PDF.
    expect(await pdf(`/v1/invoice/read/${invoices[0]}/pdf`, 'dan')).toEqual({
      status: 404,
      detail: 'Invoice not found',
    });
    expect((await pdf(`/v1/admin/invoices/${invoices[0]}/pdf`, 'olga')).status).toBe(200);
    expect((await pdf(`/v1/admin/invoices/${invoices[0]}/pdf`, 'cat')).status).toBe(404);
  });

  it('mails the receipt with the invoice PDF attached', async () => {
    const mail = await bed.smtp.waitFor('cat@example.com', { subject: /Payment received/ });
    expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      [`${number(2)}.pdf`, 'application/pdf'],
    ]);
    expect((await pdfText(mail.attachments[0]!.content)).text).toContain(number(2));
  });

  it("the console edits the shop's identity (audited); a past document never changes, the next one shows it", async () => {
    const before = await bed.api.get('/v1/admin/shop', as('olga'));
    expect(before.body.payload).toMatchObject({ seller_name: 'Acme Proxies Ltd', invoice_prefix: 'INV' });
    const edit = {
      seller_name: 'Acme Proxies GmbH',
      seller_address: 'Ring 2\n1010 Wien\nAustria',
      vat_number: 'ATU12345678',
      registration_number: 'FN 123456a',
      email: 'billing@acme.example',
      support_url: 'https://acme.example/help',
      invoice_prefix: 'ACME',
      footer: 'IBAN AT00 0000 0000 0000 0000',
      reason: 'moved to Vienna',
    };
    expect((await bed.api.put('/v1/admin/shop', { ...edit, invoice_prefix: 'cn' }, as('olga'))).status).toBe(
      400,
    );
    expect((await bed.api.put('/v1/admin/shop', edit, as('cat'))).status).toBe(404);
    const saved = await bed.api.put('/v1/admin/shop', edit, as('olga'));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [audit] = await bed.t.database.db
      .select()
      .from(schema.auditLog)
      .orderBy(desc(schema.auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ action: 'shop.identity', reason: 'moved to Vienna' });
    expect(audit!.before).toMatchObject({ seller_name: 'Acme Proxies Ltd' });
    expect(audit!.after).toMatchObject({ seller_name: 'Acme Proxies GmbH' });

    // The invoice issued before keeps its seller, on its page and in its PDF.
    expect((await read(invoices[0]!)).document?.seller.name).toBe('Acme Proxies Ltd');
    const old = await pdf(`/v1/invoice/read/${invoices[0]}/pdf`, 'cat');
    expect('text' in old && old.text).toContain('Acme Proxies Ltd');
    expect('text' in old && old.text).not.toContain('GmbH');

    // The customer changes their billing details: the issued invoice keeps the buyer too.
    await bed.api.post('/v1/billing/create', { ...BILLING, first_name: 'Cat' }, as('cat'));
    expect((await read(invoices[0]!)).document?.buyer.name).toBe('Cathal Ó Briain');

    const next = await buy('cat');
    invoices.push(next.invoice_id);
    await pay(next.hosted_url);
    const issued = await read(next.invoice_id);
    expect(issued.invoice.number).toBe(number(3, 'ACME'));
    expect(issued.document).toMatchObject({
      seller: { name: 'Acme Proxies GmbH', address: ['Ring 2', '1010 Wien', 'Austria'] },
      buyer: { name: 'Cat Ó Briain' },
    });
    const file = await pdf(`/v1/invoice/read/${next.invoice_id}/pdf`, 'cat');
    for (const words of ['Acme Proxies GmbH', 'FN 123456a', 'IBAN AT00', 'https://acme.example/help'])
      expect('text' in file && file.text).toContain(words);
  });
});

describe('the OpenAPI document', () => {
  it('has the invoice number, the issued document and the new routes', async () => {
    const spec = (await bed.t.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    }>();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/v1/invoice/read/{invoice_id}/pdf',
        '/v1/invoice/credit-note/{id}/pdf',
        '/v1/admin/shop',
        '/v1/admin/invoices/{id}/pdf',
        '/v1/admin/credit-notes/{id}/pdf',
      ]),
    );
    expect(spec.components.schemas.Invoice?.properties).toHaveProperty('number');
    expect(spec.components.schemas.IssuedDocument?.properties).toHaveProperty('vat_rate');
    expect(spec.components.schemas.CreditNote?.properties).toHaveProperty('reason');
  });
});

describe('credit notes (issue #30 §2)', () => {
  it('every refund, in part or in full, issues a numbered credit note naming the invoice, the amount and why', async () => {
    const id = invoices[0]!;
    const part = await bed.api.post(
      `/v1/admin/invoices/${id}/refund`,
      { amount: 1, reason: 'slow start' },
      as('olga'),
    );
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    const rest = await bed.api.post(
      `/v1/admin/invoices/${id}/refund`,
      { reason: 'customer left' },
      as('olga'),
    );
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);

    const { credit_notes: notes } = await read(id);
    expect(notes.map(({ number: n, amount, reason }) => ({ n, amount, reason }))).toEqual([
      { n: number(1, 'CN'), amount: 1, reason: 'slow start' },
      { n: number(2, 'CN'), amount: Math.round((plan.price - 1) * 100) / 100, reason: 'customer left' },
    ]);
    const console = await bed.api.get(`/v1/admin/invoices/${id}`, as('olga'));
    const listed = console.body.payload.credit_notes as { number: string }[];
    expect(listed.map((n) => n.number)).toEqual([number(1, 'CN'), number(2, 'CN')]);

    const file = await pdf(`/v1/invoice/credit-note/${notes[0]!.id}/pdf`, 'cat');
    expect(file.status).toBe(200);
    for (const words of [
      'Credit note',
      number(1, 'CN'),
      `Credits invoice ${number(2)}`,
      'slow start',
      '€1.00',
    ])
      expect('text' in file && file.text).toContain(words);
    // Its buyer is the invoice's, as issued.
    expect('text' in file && file.text).toContain('Cathal Ó Briain');
    expect(await pdf(`/v1/invoice/credit-note/${notes[0]!.id}/pdf`, 'dan')).toEqual({
      status: 404,
      detail: 'Credit note not found',
    });
    expect((await pdf(`/v1/admin/credit-notes/${notes[1]!.id}/pdf`, 'olga')).status).toBe(200);
    expect((await pdf(`/v1/admin/credit-notes/${notes[1]!.id}/pdf`, 'dan')).status).toBe(404);
    // Another customer's invoice page is not found either, credit notes and all.
    expect((await bed.api.get(`/v1/invoice/read/${id}`, as('dan'))).status).toBe(404);
  });
});
