import { OUTSIDE_EU_NOTE, REVERSE_CHARGE_NOTE } from '@proxydesk/contract';
import { schema } from '@proxydesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeVies, type FakeVies } from '../../../test-support/fake-vies.js';
import { pdfText } from '../../../test-support/pdf-text.js';
import { pressPay } from '../../../test-support/sandbox.js';
import { useVatShop } from '../../../test-support/vat-shop.js';

/**
 * TAX_MODE=eu-vat (issue #30 item 4, ADR 015): a German shop with net catalogue prices; consumers pay their own
 * country's rate, other member states' businesses (VAT number confirmed at a fake VIES) are reverse-charged,
 * German businesses pay 19 %, buyers outside the EU no VAT; the invoice, its PDF and the console say so.
 */
let vies: FakeVies;
const PERSON = { first_name: 'Ana', last_name: 'Roth', address: 'Main 1', city: 'Town', zip: '1000' };

beforeAll(async () => {
  vies = await startFakeVies();
  vies.known.set('FR12345678901', 'SARL Dupont');
  vies.known.set('DE123456789', 'Roth GmbH');
});
afterAll(async () => {
  await vies?.close();
});
const shop = useVatShop(
  () => ({
    TAX_SHOP_COUNTRY: 'de',
    VIES_URL: vies.url,
    VIES_TIMEOUT_MS: '1500',
    SELLER_NAME: 'Shop GmbH',
    SELLER_VAT: 'DE999999999',
  }),
  {
    otto: 'operator',
    sue: 'support',
    dora: 'customer',
    fred: 'customer',
    bea: 'customer',
    gus: 'customer',
    uma: 'customer',
    ivo: 'customer',
  },
  PERSON,
);
const { as, details } = shop;
const quote = async (name: string, amount: number) =>
  (await shop.api.get(`/v1/invoice/tax-quote?amount=${amount}`, as(name))).body.payload as Record<
    string,
    unknown
  >;
const cents = (euro: number) => Math.round(euro * 100);

const buyAndPay = async (name: string) => {
  const made = await shop.api.post(
    '/v1/invoice/create',
    { plan: shop.plan.id, payment_method: 'sandbox' },
    as(name),
  );
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const { invoice_id: id, hosted_url: hosted } = made.body.payload as {
    invoice_id: string;
    hosted_url: string;
  };
  const unpaid = (await shop.api.get(`/v1/invoice/read/${id}`, as(name))).body.payload as {
    invoice: { plan_price: number };
    tax: unknown;
  };
  // The sandbox (the payment provider) is asked for the total, VAT included.
  const page = await shop.t.app.inject({ method: 'GET', url: new URL(hosted).pathname });
  expect(page.body).toContain(unpaid.invoice.plan_price.toFixed(2));
  await pressPay(shop.t.app, hosted);
  const read = (await shop.api.get(`/v1/invoice/read/${id}`, as(name))).body.payload;
  const [row] = await shop.t.database.db.select().from(schema.invoices).where(eq(schema.invoices.id, id));
  // Paid in full, no mismatch flagged: the provider charged what the invoice asks.
  expect(row).toMatchObject({ paid: true, flag: null });
  return { id, unpaid, read };
};

const pdfOf = async (id: string, name: string) => {
  const res = await shop.t.app.inject({
    method: 'GET',
    url: `/v1/invoice/read/${id}/pdf`,
    headers: { authorization: `Bearer ${shop.tokens[name]}` },
  });
  expect(res.statusCode).toBe(200);
  return (await pdfText(res.rawPayload)).text;
};

describe('consumers pay their own country’s standard rate', () => {
  it('adds 19 % for a German consumer: the quote, the invoice, the document and the PDF agree', async () => {
    expect((await details('dora', 'Germany')).status).toBe(200);
    const net = shop.plan.price;
    const vat = Math.round(cents(net) * 0.19) / 100;
    expect(await quote('dora', net)).toEqual({
      net,
      vat_rate: 19,
      vat,
      total: Math.round(cents(net) + cents(vat)) / 100,
      tax_note: null,
    });
    const { id, unpaid, read } = await buyAndPay('dora');
    const total = (cents(net) + cents(vat)) / 100;
    expect(unpaid.invoice.plan_price).toBe(total);
    expect(unpaid.tax).toEqual({ net, vat_rate: 19, vat, total, tax_note: null });
    expect(read.document).toMatchObject({ net, vat_rate: 19, vat, total, tax_note: null });
    const text = await pdfOf(id, 'dora');
    expect(text).toContain('VAT 19 %');
    expect(text).toContain(vat.toFixed(2));
    expect(text).toContain(total.toFixed(2));
  });

  it('adds 20 % for a French consumer', async () => {
    expect((await details('fred', 'France')).status).toBe(200);
    expect(await quote('fred', 10)).toEqual({ net: 10, vat_rate: 20, vat: 2, total: 12, tax_note: null });
    const { read } = await buyAndPay('fred');
    expect(read.document).toMatchObject({ vat_rate: 20, net: shop.plan.price, tax_note: null });
  });
});

describe('businesses and buyers outside the EU', () => {
  it('reverse-charges a French business whose VAT number VIES confirms: 0 %, the invoice and PDF say so', async () => {
    const saved = await details('bea', 'France', { company: 'SARL Dupont', vat_number: 'FR 12 345678901' });
    expect(saved.status).toBe(200);
    expect(saved.body.payload).toMatchObject({ vat_number: 'FR12345678901', vat_check: 'valid' });
    expect(vies.asked).toContain('FR12345678901');
    expect(await quote('bea', 10)).toEqual({
      net: 10,
      vat_rate: 0,
      vat: 0,
      total: 10,
      tax_note: REVERSE_CHARGE_NOTE,
    });
    const { id, read } = await buyAndPay('bea');
    expect(read.invoice.plan_price).toBe(shop.plan.price);
    expect(read.document).toMatchObject({
      vat_rate: 0,
      vat: 0,
      total: shop.plan.price,
      tax_note: REVERSE_CHARGE_NOTE,
      buyer: { name: 'SARL Dupont', vat_number: 'FR12345678901' },
    });
    const text = (await pdfOf(id, 'bea')).replace(/\s+/g, ' ');
    expect(text).toContain('Reverse charge — VAT to be accounted for by the recipient, Art. 196 Directive');
    expect(text).toContain('FR12345678901');
    expect(text).toContain('VAT 0 %');
  });

  it("charges a business in the shop's own country the shop's rate", async () => {
    expect((await details('gus', 'Germany', { vat_number: 'DE123456789' })).status).toBe(200);
    expect(await quote('gus', 10)).toEqual({ net: 10, vat_rate: 19, vat: 1.9, total: 11.9, tax_note: null });
  });

  it('charges no VAT outside the EU: "outside the scope of EU VAT"', async () => {
    expect((await details('uma', 'United States', { vat_number: '12-3456789' })).status).toBe(200);
    expect(await quote('uma', 10)).toEqual({
      net: 10,
      vat_rate: 0,
      vat: 0,
      total: 10,
      tax_note: OUTSIDE_EU_NOTE,
    });
    const { id, read } = await buyAndPay('uma');
    expect(read.document).toMatchObject({ vat_rate: 0, total: shop.plan.price, tax_note: OUTSIDE_EU_NOTE });
    expect(await pdfOf(id, 'uma')).toContain(OUTSIDE_EU_NOTE);
  });
});

describe('VAT numbers at VIES', () => {
  it('refuses a number VIES does not know, with a detail; nothing is saved', async () => {
    const refused = await details('ivo', 'France', { vat_number: 'FR99999999999' });
    expect(refused).toEqual({
      status: 400,
      body: {
        detail:
          'VIES does not know the VAT number FR99999999999: check it, or leave it empty to buy as a consumer',
      },
    });
    expect((await shop.api.get('/v1/user/billing-details', as('ivo'))).body.payload).toBeNull();
  });

  it('accepts a number when VIES is down or too slow, flagged for the operator on the customer page', async () => {
    vies.mode = 'down';
    const down = await details('ivo', 'France', { vat_number: 'FR99999999999' });
    expect(down.status).toBe(200);
    expect(down.body.payload).toMatchObject({ vat_number: 'FR99999999999', vat_check: 'unverified' });
    // Accepted as given: a business of another member state, reverse-charged, until the operator looks.
    expect((await quote('ivo', 10)).tax_note).toBe(REVERSE_CHARGE_NOTE);
    const page = await shop.api.get(`/v1/admin/customers/${shop.users.ivo!.id}`, as('sue'));
    expect(page.body.payload.billing).toMatchObject({ vat_number: 'FR99999999999', vat_check: 'unverified' });

    vies.mode = 'slow';
    vies.slowMs = 3000;
    const started = Date.now();
    const slow = await details('ivo', 'France', { vat_number: 'FR12345678901' });
    expect(slow.body.payload).toMatchObject({ vat_check: 'unverified' });
    expect(Date.now() - started).toBeLessThan(2900);
    vies.mode = 'ok';
    const again = await details('ivo', 'France', { vat_number: 'FR12345678901' });
    expect(again.body.payload).toMatchObject({ vat_check: 'valid' });
  });

  it('checks the console’s correction at VIES too', async () => {
    const body = { ...PERSON, country: 'France', vat_number: 'FR11111111111', reason: 'Customer asked' };
    const refused = await shop.api.post(
      `/v1/admin/customers/${shop.users.fred!.id}/billing-details`,
      body,
      as('otto'),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain('VIES does not know the VAT number FR11111111111');
  });
});

describe('the rate table in the console, and what is whose', () => {
  it('lets staff read the rates, operators change one (audited); customers see nothing of it', async () => {
    const preflight = (await shop.api.get('/v1/admin/preflight', as('sue'))).body.payload as unknown[];
    expect(preflight).toContainEqual({ name: "Seller's VAT number", ok: true, detail: 'DE999999999' });
    const read = await shop.api.get('/v1/admin/vat-rates', as('sue'));
    expect(read.body.payload).toMatchObject({
      mode: 'eu-vat',
      shop_country: 'DE',
      prices_include_vat: false,
    });
    expect(read.body.payload.rates).toHaveLength(27);
    expect(read.body.payload.rates).toContainEqual({ country_code: 'FI', country: 'Finland', rate: 25.5 });
    expect(read.body.payload.rates).toContainEqual({ country_code: 'GR', country: 'Greece', rate: 24 });

    const change = { rate: 21, reason: 'New French rate' };
    expect((await shop.api.put('/v1/admin/vat-rates/FR', change, as('fred'))).status).toBe(404);
    expect((await shop.api.put('/v1/admin/vat-rates/FR', change, as('sue'))).status).toBe(403);
    expect((await shop.api.put('/v1/admin/vat-rates/XX', change, as('otto'))).status).toBe(400);
    expect((await shop.api.put('/v1/admin/vat-rates/FR', { ...change, rate: 60 }, as('otto'))).status).toBe(
      400,
    );
    const saved = await shop.api.put('/v1/admin/vat-rates/FR', change, as('otto'));
    expect(saved).toEqual({
      status: 200,
      body: { detail: 'VAT rate saved: invoices made from now on use it' },
    });
    expect((await quote('fred', 10)).vat_rate).toBe(21);
    const audit = (await shop.api.get('/v1/admin/audit?action=vat-rate.', as('sue'))).body.results[0];
    expect(audit).toMatchObject({ action: 'vat-rate.set', target_id: 'FR', reason: 'New French rate' });
    // Fred's paid invoice keeps the 20 % it was issued with.
    const fredInvoices = (await shop.api.get('/v1/invoice/read', as('fred'))).body.results as {
      id: string;
    }[];
    const issued = (await shop.api.get(`/v1/invoice/read/${fredInvoices[0]!.id}`, as('fred'))).body.payload;
    expect(issued.document.vat_rate).toBe(20);
  });

  it("another customer cannot read someone's invoice or its tax, and each quote is the asker's own", async () => {
    const doraInvoices = (await shop.api.get('/v1/invoice/read', as('dora'))).body.results as {
      id: string;
    }[];
    const id = doraInvoices[0]!.id;
    expect((await shop.api.get(`/v1/invoice/read/${id}`, as('bea'))).status).toBe(404);
    expect(
      (
        await shop.t.app.inject({
          method: 'GET',
          url: `/v1/invoice/read/${id}/pdf`,
          headers: { authorization: `Bearer ${shop.tokens.bea}` },
        })
      ).statusCode,
    ).toBe(404);
    // Bea's (reverse-charged) quote stays hers while Dora's details change.
    expect((await details('dora', 'Austria')).status).toBe(200);
    expect((await quote('bea', 10)).vat_rate).toBe(0);
    expect((await quote('dora', 10)).vat_rate).toBe(20);
    expect((await shop.api.get('/v1/invoice/tax-quote?amount=-1', as('dora'))).status).toBe(400);
    expect((await shop.api.get('/v1/invoice/tax-quote?amount=10')).status).toBe(401);
  });
});
