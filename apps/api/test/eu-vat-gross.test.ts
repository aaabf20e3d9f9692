import { REVERSE_CHARGE_NOTE } from '@proxydesk/contract';
import { schema } from '@proxydesk/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useVatShop } from '../../../test-support/vat-shop.js';

/**
 * TAX_MODE=eu-vat with catalogue prices that include VAT (issue #30 item 4): a French shop; every buyer pays the
 * price shown, the VAT is taken out of it at the buyer's rate (none for a reverse charge). A reseller's purchases
 * from the balance, 20 at once, charge the total each, and the ones the balance cannot pay get a 4xx.
 */
const PERSON = { first_name: 'Ola', last_name: 'Berg', address: 'Gata 1', city: 'Town', zip: '1000' };
const shop = useVatShop(
  () => ({ TAX_SHOP_COUNTRY: 'FR', TAX_PRICES_INCLUDE_VAT: 'true' }),
  { hanna: 'customer', rolf: 'reseller' },
  PERSON,
);
const { as, details } = shop;

describe('prices that include VAT', () => {
  it("takes a German consumer's 19 % out of the price shown: net + VAT = the price", async () => {
    expect((await details('hanna', 'Germany')).status).toBe(200);
    const quote = await shop.api.get('/v1/invoice/tax-quote?amount=11.90', as('hanna'));
    expect(quote.body.payload).toEqual({ net: 10, vat_rate: 19, vat: 1.9, total: 11.9, tax_note: null });
    const made = await shop.api.post(
      '/v1/invoice/create',
      { plan: shop.plan.id, payment_method: 'sandbox' },
      as('hanna'),
    );
    const read = (await shop.api.get(`/v1/invoice/read/${made.body.payload.invoice_id}`, as('hanna'))).body
      .payload;
    expect(read.invoice.plan_price).toBe(shop.plan.price);
    expect(read.tax.total).toBe(shop.plan.price);
    expect(read.tax.vat_rate).toBe(19);
    expect(Math.round((read.tax.net + read.tax.vat) * 100)).toBe(Math.round(shop.plan.price * 100));
  });

  it('charges a reverse-charged business the same price, with no VAT in it', async () => {
    expect((await details('hanna', 'Germany', { vat_number: 'DE123456789' })).status).toBe(200);
    const quote = await shop.api.get('/v1/invoice/tax-quote?amount=11.90', as('hanna'));
    expect(quote.body.payload).toEqual({
      net: 11.9,
      vat_rate: 0,
      vat: 0,
      total: 11.9,
      tax_note: REVERSE_CHARGE_NOTE,
    });
  });
});

describe('a money path: 20 purchases from the balance at once', () => {
  it('pays as many as the balance holds at the total with VAT; the others get a 4xx, never a 5xx', async () => {
    expect((await details('rolf', 'Belgium')).status).toBe(200);
    const quote = (await shop.api.get(`/v1/invoice/tax-quote?amount=${shop.plan.price}`, as('rolf'))).body
      .payload;
    expect(quote.vat_rate).toBe(21);
    const totalCents = Math.round(quote.total * 100);
    await shop.t.database.db
      .insert(schema.balanceLedger)
      .values({ userId: shop.users.rolf!.id, amountCents: 5 * totalCents, reason: 'Start' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        shop.api.post('/v1/invoice/create', { plan: shop.plan.id, payment_method: 'balance' }, as('rolf')),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status >= 400 && status < 500)).toHaveLength(15);
    const paid = await shop.t.database.db
      .select()
      .from(schema.invoices)
      .where(and(eq(schema.invoices.userId, shop.users.rolf!.id), eq(schema.invoices.paid, true)));
    expect(paid).toHaveLength(5);
    for (const row of paid) {
      expect(row).toMatchObject({ priceCents: totalCents, vatRate: 21 });
      expect(row.netCents! + row.vatCents!).toBe(totalCents);
      expect(row.document).toMatchObject({ vat_rate: 21, total: quote.total });
    }
    const ledger = await shop.t.database.db
      .select({ cents: schema.balanceLedger.amountCents })
      .from(schema.balanceLedger)
      .where(eq(schema.balanceLedger.userId, shop.users.rolf!.id));
    expect(ledger.reduce((sum, row) => sum + Number(row.cents), 0)).toBe(0);
  });
});
