import { describe, expect, it } from 'vitest';
import { changeLines, readable } from './audit-change';

describe("the audit's before → after in words (issue #33 item 5)", () => {
  it('names the fields that changed, money in euro', () => {
    const lines = changeLines({ balanceCents: 0 }, { balanceCents: 2550 });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.field).toBe('Balance');
    expect(lines[0]!.from).toMatch(/0[.,]00/);
    expect(lines[0]!.to).toMatch(/25[.,]50/);
    expect(changeLines({ role: 'customer' }, { role: 'reseller' })).toEqual([
      { field: 'Role', from: 'customer', to: 'reseller' },
    ]);
    expect(changeLines({ is2fa: true }, { is2fa: false })).toEqual([
      { field: 'Two-factor', from: 'yes', to: 'no' },
    ]);
  });
  it('leaves out what stayed, shows a field only one side has, products by name', () => {
    expect(changeLines({ paid: false }, { paid: true, flag: null })).toEqual([
      { field: 'Paid', from: 'no', to: 'yes' },
    ]);
    expect(changeLines({ sessions: 0 }, { sessions: 0 })).toEqual([
      { field: 'Sessions', from: '0', to: '0' },
    ]);
    expect(changeLines(null, { product: 'PR_3', name: 'Day' })).toEqual([
      { field: 'Product', from: '—', to: 'Residential' },
      { field: 'Name', from: '—', to: 'Day' },
    ]);
    expect(readable(['PR_4', 'PR_5'])).toBe('Datacenter, IPv6');
    expect(changeLines(null, null)).toEqual([]);
    expect(changeLines('off', 'on')).toEqual([{ field: null, from: 'off', to: 'on' }]);
  });
});
