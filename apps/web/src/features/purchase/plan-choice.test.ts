import type { Plan } from '@proxydesk/contract';
import { describe, expect, it } from 'vitest';
import { choicePath, readChoice } from './plan-choice';
import { resolveChoice } from './resolve-choice';

const plan = (over: Partial<Plan>): Plan => ({
  id: 1,
  type: 'PR_4',
  name: 'Datacenter 10 IPs',
  price: 19,
  duration: 720,
  ipAmount: 10,
  data: null,
  add_gb_price: null,
  ...over,
});
const dayPrices = [{ type: 'PR_4' as const, prices: [10, 15, 20, 25, 30, 35, 40] }];
const plans = [
  plan({}),
  plan({
    id: 2,
    type: 'PR_3',
    name: 'Residential Day',
    price: 25,
    data: 50,
    add_gb_price: 20,
    ipAmount: null,
  }),
  plan({ id: 3, type: 'PR_2', name: 'ISP 5 GB', price: 4.5, data: 5, add_gb_price: 4.5, ipAmount: null }),
  plan({ id: 4, type: 'PR_1', name: 'Additional GB', price: 3, data: 1, ipAmount: null }),
];
const roundTrip = (path: string) =>
  resolveChoice(readChoice(new URLSearchParams(path.split('?')[1]))!, plans, dayPrices);

describe('a price card choice carried in an address (issue #33: Buy → sign-up → back to that plan)', () => {
  it('comes back as the same choice, priced from the catalogue', () => {
    expect(choicePath({ kind: 'plan', plan: plans[0]!, price: 19 })).toBe(
      '/pricing?product=datacenter&plan=1',
    );
    expect(roundTrip('/pricing?product=datacenter&plan=1')).toMatchObject({ kind: 'plan', price: 19 });
    const gb = choicePath({ kind: 'gb', plan: plans[1]!, gb: 150, price: 65 });
    expect(gb).toBe('/pricing?product=residential&plan=2&gb=150');
    expect(roundTrip(gb)).toMatchObject({ kind: 'gb', gb: 150, price: 65 });
    // Per-GB plans are priced price × GB (SPEC.md §9).
    expect(roundTrip('/pricing?product=isp&plan=3')).toMatchObject({ kind: 'plan', price: 22.5 });
    const custom = choicePath({ kind: 'custom', product: 'PR_4', days: 7, ips: 2, price: 72 });
    expect(custom).toBe('/pricing?product=datacenter&custom=7x2');
    expect(roundTrip(custom)).toEqual({ kind: 'custom', product: 'PR_4', days: 7, ips: 2, price: 72 });
  });

  it('opens nothing for a plan not on sale or a value the card could not take', () => {
    for (const path of [
      '/pricing?product=datacenter&plan=99',
      '/pricing?product=residential&plan=4',
      '/pricing?product=residential&plan=2&gb=75',
      '/pricing?product=residential&plan=2&gb=5000',
      '/pricing?product=datacenter&custom=31x1',
      '/pricing?product=datacenter&custom=7x11',
      // Not on sale for 8 days in this table.
      '/pricing?product=datacenter&custom=8x1',
    ])
      expect(roundTrip(path), path).toBeNull();
    expect(readChoice(new URLSearchParams('product=isp'))).toBeNull();
    expect(readChoice(new URLSearchParams('product=isp&custom=7x2'))).toBeNull();
    expect(readChoice(new URLSearchParams('plan=1e3'))).toBeNull();
  });
});
