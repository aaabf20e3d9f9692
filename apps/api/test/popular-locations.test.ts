import { schema } from '@proxydesk/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test-support/accounts.js';
import { useMailedApp } from '../../../test-support/app.js';
import { seedPaidInvoice, seedUser } from '../../../test-support/seed.js';

const bed = useMailedApp();
let token: string;

/** A buyer billed in `country` with `orders` paid plan invoices (and `extra` invoices of another kind). */
const buyer = async (name: string, country: string, orders: number) => {
  const user = await seedUser(bed.t.database.db, name);
  await bed.t.database.db.insert(schema.billingDetails).values({
    userId: user.id,
    firstName: 'A',
    lastName: 'B',
    address: 'C',
    city: 'D',
    zip: 'E',
    country,
  });
  for (let i = 0; i < orders; i++) await seedPaidInvoice(bed.t.database.db, user.id, 'PR_2', 'ISP 1 Day');
  return user;
};

beforeAll(async () => {
  token = await signUp(bed.api, bed.smtp, { username: 'looker', email: 'looker@example.com' });
  await buyer('de1', 'Germany', 3);
  await buyer('de2', 'Germany', 1);
  await buyer('us1', 'United States', 3);
  await buyer('fr1', 'France', 2);
  await buyer('it1', 'Italy', 1);
  await buyer('es1', 'Spain', 1);
  await buyer('br1', 'Brazil', 1);
  // Not orders of proxies: a balance top-up, an unpaid invoice; and a country the shop has no location for.
  const nl = await buyer('nl1', 'Netherlands', 0);
  const db = bed.t.database.db;
  const topUp = { userId: nl.id, planName: 'Balance', listPriceCents: 100, priceCents: 100 };
  const common = { proxyType: 'balance', paymentMethod: 'sandbox' };
  for (let i = 0; i < 9; i++) {
    await db.insert(schema.invoices).values({ ...topUp, ...common, kind: 'balance', paid: true });
    await db.insert(schema.invoices).values({ ...topUp, ...common, kind: 'plan', paid: false });
  }
  await buyer('xx1', 'Atlantis', 9);
});

describe('the generator’s most-bought countries (issue #33 item 6)', () => {
  it('lists the billing countries of paid orders, most orders first, at most five, as location codes', async () => {
    const answer = await bed.api.get('/v1/user/get-country-stats', { token });
    expect(answer.status).toBe(200);
    const { popular, countries } = answer.body.payload as {
      popular: string[];
      countries: { countries: { code: string; name: string }[] };
    };
    // Germany 4 orders, then the United States 3, France 2, and of the countries with one order A–Z: Brazil, Italy.
    const names = popular.map((code) => countries.countries.find((c) => c.code === code)?.name);
    expect(names).toEqual(['Germany', 'United States', 'France', 'Brazil', 'Italy']);
  });

  it('is kept for a while: a new order does not cost a read of every invoice on each visit', async () => {
    await buyer('es2', 'Spain', 9);
    const { popular } = (await bed.api.get('/v1/user/get-country-stats', { token })).body.payload as {
      popular: string[];
    };
    expect(popular[0]).toBe('de');
  });
});
