import { catalogueEndpoints, customPlanPrice, euroToCents, type CustomDayPrices } from '@proxydesk/contract';
import { readCatalogue, schema } from '@proxydesk/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test-support/accounts.js';
import { useMailedApp } from '../../../test-support/app.js';

// No catalogue cache: an operator's change shows at the next read.
const bed = useMailedApp({ CATALOGUE_CACHE_SECONDS: '0' });
let token: string;

beforeAll(async () => {
  token = await signUp(bed.api, bed.smtp, { username: 'custom1', email: 'custom1@example.com' });
  const billing = { first_name: 'A', last_name: 'B', address: 'C', city: 'D', zip: 'E', country: 'Ireland' };
  expect((await bed.api.post('/v1/billing/create', billing, { token })).status).toBe(200);
});

/** The day-price tables as the browser reads them: public, no token. */
const servedTables = async (): Promise<CustomDayPrices[]> => {
  const res = await bed.api.get('/v1/plan/custom-prices');
  expect(res.status).toBe(200);
  return catalogueEndpoints.customDayPrices.response.parse(res.body).payload;
};
const servedTable = async (type: 'PR_4' | 'PR_5') =>
  (await servedTables()).find((x) => x.type === type)!.prices;

/** What the server charges for a custom plan: the new invoice's price. */
const invoicedPrice = async (body: { days: number; ips: number; proxyType: 'PR_4' | 'PR_5' }) => {
  const created = await bed.api.post(
    '/v1/invoice/dc-ip-custom-checkout',
    { payment_method: 'sandbox', ...body },
    { token },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const read = await bed.api.get(`/v1/invoice/read/${created.body.payload.invoice_id}`, { token });
  return read.body.payload.invoice.plan_price as number;
};

describe('GET /v1/plan/custom-prices: the custom plan day prices (SPEC.md §9, DESIGN.md §4)', () => {
  it("answers, without a token, each custom product's 30 day prices as the catalogue ships them", async () => {
    const shipped = (await readCatalogue()).customDayPrices;
    const tables = await servedTables();
    expect(tables.map((x) => x.type).sort()).toEqual(['PR_4', 'PR_5']);
    for (const { type, prices } of tables) {
      expect(prices).toHaveLength(30);
      expect(prices).toEqual(shipped[type]);
    }
    // SPEC.md §9 as written: the dip to 78 at day 22.
    expect((await servedTable('PR_4'))[21]).toBe(78);
  });

  it('is in the OpenAPI document with its schema', async () => {
    const spec = (await bed.api.get('/docs/json')).body;
    expect(spec.paths['/v1/plan/custom-prices']?.get).toBeDefined();
    expect(spec.components.schemas.CustomDayPrices.properties).toHaveProperty('prices');
  });

  it('after an operator changes a day price, the served table and the invoice agree on the new total', async () => {
    const before = await servedTable('PR_4');
    expect(await invoicedPrice({ days: 7, ips: 2, proxyType: 'PR_4' })).toBe(customPlanPrice(7, 2, before));

    await bed.t.database.db
      .update(schema.customDayPrices)
      .set({ priceCents: euroToCents(33.33) })
      .where(and(eq(schema.customDayPrices.productType, 'PR_4'), eq(schema.customDayPrices.days, 7)));

    const after = await servedTable('PR_4');
    expect(after[6]).toBe(33.33);
    const shown = customPlanPrice(7, 2, after);
    expect(shown).toBe(59.99); // 33.33 × 1.8, to the cent
    expect(await invoicedPrice({ days: 7, ips: 2, proxyType: 'PR_4' })).toBe(shown);
    // The other product's table is its own.
    expect((await servedTable('PR_5'))[6]).toBe(before[6]);
    expect(await invoicedPrice({ days: 7, ips: 1, proxyType: 'PR_5' })).toBe(before[6]);
  });
});
