import { describe, expect, it } from 'vitest';
import {
  customPlanPrice,
  durationLabel,
  gbSliderBounds,
  gbSliderPrice,
  isValidCustomPlan,
  isValidSliderGb,
  perGbPlanTotal,
} from './pricing.js';

const day = { price: 25, data: 50, add_gb_price: 20 };
const week = { price: 45, data: 100, add_gb_price: 18 };
const month = { price: 60, data: 150, add_gb_price: 15 };
const unlimited = { price: 15, data: 50, add_gb_price: null };

describe('GB slider (SPEC.md §9)', () => {
  it('starts at the plan minimum: 50 day, 100 week, 150 month; step 50, max 2000', () => {
    expect(gbSliderBounds(day)).toEqual({ min: 50, max: 2000, step: 50, fixed: false });
    expect(gbSliderBounds(week).min).toBe(100);
    expect(gbSliderBounds(month).min).toBe(150);
  });

  it('keeps the unlimited plan fixed at 50 GB', () => {
    expect(gbSliderBounds(unlimited)).toEqual({ min: 50, max: 50, step: 50, fixed: true });
    expect(gbSliderPrice(unlimited, 50)).toBe(15);
    expect(isValidSliderGb(unlimited, 100)).toBe(false);
  });

  it('prices base + ((GB - minimum) / 50) x price per 50 GB', () => {
    expect(gbSliderPrice(day, 50)).toBe(25);
    expect(gbSliderPrice(day, 100)).toBe(45);
    expect(gbSliderPrice(day, 2000)).toBe(25 + 39 * 20);
    expect(gbSliderPrice(week, 300)).toBe(45 + 4 * 18);
    expect(gbSliderPrice(month, 150)).toBe(60);
    expect(gbSliderPrice(month, 200)).toBe(75);
  });

  it('rejects values off the slider', () => {
    for (const gb of [0, 25, 49, 75, 2050, 100.5, Number.NaN]) expect(isValidSliderGb(day, gb)).toBe(false);
    expect(isValidSliderGb(week, 50)).toBe(false);
    expect(() => gbSliderPrice(day, 75)).toThrow(RangeError);
  });

  it('rounds to whole cents', () => {
    expect(gbSliderPrice({ price: 0.1, data: 50, add_gb_price: 0.2 }, 100)).toBe(0.3);
  });
});

describe('custom plan (SPEC.md §9)', () => {
  /** The shop's list as SPEC.md §9 writes it, dip at day 22 included (the catalogue ships it). */
  const SPEC_DAY_PRICES = [
    10, 15, 20, 25, 30, 35, 40, 44, 48, 52, 56, 60, 64, 68, 72, 74, 76, 78, 80, 82, 86, 78, 88, 90, 92, 93.6,
    95.2, 96.8, 98.4, 100,
  ];

  it('one IP costs the day price of the table', () => {
    SPEC_DAY_PRICES.forEach((price, index) =>
      expect(customPlanPrice(index + 1, 1, SPEC_DAY_PRICES)).toBe(price),
    );
  });

  it('charges 80% of the day price for each IP beyond the first', () => {
    expect(customPlanPrice(1, 2, SPEC_DAY_PRICES)).toBe(18);
    expect(customPlanPrice(30, 10, SPEC_DAY_PRICES)).toBe(820);
    expect(customPlanPrice(26, 3, SPEC_DAY_PRICES)).toBe(243.36);
  });

  it('says "Invalid Days" and "Invalid Ips" out of range', () => {
    expect(isValidCustomPlan(0, 1)).toEqual({ days: 'Invalid Days' });
    expect(isValidCustomPlan(31, 1)).toEqual({ days: 'Invalid Days' });
    expect(isValidCustomPlan(1, 0)).toEqual({ ips: 'Invalid Ips' });
    expect(isValidCustomPlan(1, 11)).toEqual({ ips: 'Invalid Ips' });
    expect(isValidCustomPlan(1.5, 1)).toEqual({ days: 'Invalid Days' });
    expect(isValidCustomPlan(30, 10)).toEqual({});
    expect(() => customPlanPrice(31, 1, SPEC_DAY_PRICES)).toThrow('Invalid Days');
  });

  it('takes the operator’s own table', () => {
    const table = Array.from({ length: 30 }, () => 5);
    expect(customPlanPrice(12, 2, table)).toBe(9);
  });

  it('refuses a day count the table has no price for', () => {
    expect(() => customPlanPrice(12, 1, [10, 15])).toThrow('no price for 12 days');
  });
});

describe('display rules', () => {
  it('shows 720 h as month, 168 as week, 24 as day, otherwise hours', () => {
    expect(durationLabel(720)).toBe('month');
    expect(durationLabel(168)).toBe('week');
    expect(durationLabel(24)).toBe('day');
    expect(durationLabel(48)).toBe('48 hours');
  });

  it('prices per-GB plans as price x data', () => {
    expect(perGbPlanTotal(3.2, 50)).toBe(160);
    expect(perGbPlanTotal(4.45, 3)).toBe(13.35);
  });
});
