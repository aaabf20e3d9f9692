import { describe, expect, it } from 'vitest';
import { planAction } from './plans.js';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const inDays = (days: number) => new Date(NOW + days * 86_400_000).toISOString();
const gbPlan = {
  product: 'PR_2',
  status: 'active',
  expiry_date: inDays(20),
  data_gb: 10,
  used_gb: 1,
} as const;
const ipPlan = {
  product: 'PR_4',
  status: 'active',
  expiry_date: inDays(20),
  data_gb: null,
  used_gb: null,
} as const;

describe('planAction: the one next step of a plan (issue #19 item 3)', () => {
  it('activates a plan waiting for an IP, renews an ended one', () => {
    expect(planAction({ ...ipPlan, status: 'pending', expiry_date: null }, NOW)).toBe('activate');
    expect(planAction({ ...ipPlan, status: 'expired', expiry_date: inDays(-1) }, NOW)).toBe('renew');
    expect(planAction({ ...gbPlan, status: 'expired', used_gb: 10 }, NOW)).toBe('renew');
  });

  it('offers the proxies of a running plan with time and data left', () => {
    expect(planAction(gbPlan, NOW)).toBe('get_proxies');
    expect(planAction(ipPlan, NOW)).toBe('get_proxies');
    expect(planAction({ ...gbPlan, used_gb: 7.99 }, NOW)).toBe('get_proxies');
  });

  it('renews in the last three days; more GB at 80% used, and before renewing once used up', () => {
    expect(planAction({ ...ipPlan, expiry_date: inDays(2.9) }, NOW)).toBe('renew');
    expect(planAction({ ...ipPlan, expiry_date: inDays(3.1) }, NOW)).toBe('get_proxies');
    expect(planAction({ ...gbPlan, used_gb: 8 }, NOW)).toBe('buy_gb');
    expect(planAction({ ...gbPlan, used_gb: 8, expiry_date: inDays(1) }, NOW)).toBe('renew');
    expect(planAction({ ...gbPlan, used_gb: 10, expiry_date: inDays(1) }, NOW)).toBe('buy_gb');
  });

  it('never offers more GB for a product not sold by the GB', () => {
    expect(planAction({ ...gbPlan, product: 'PR_4', used_gb: 10 }, NOW)).toBe('get_proxies');
  });
});
