import { describe, expect, it } from 'vitest';
import { locationGroups } from './location-groups';

const place = (code: string, name: string, group: string) => ({ code, name, group, cities: { options: [] } });
const locations = [
  place('prvtus', 'Private Proxy US', 'special'),
  place('us', 'United States', 'North America'),
  place('ca', 'Canada', 'North America'),
  place('fr', 'France', 'Europe'),
  place('de', 'Germany', 'Europe'),
  place('at', 'Austria', 'Europe'),
];

describe('the Location select’s groups (issue #33 item 6)', () => {
  it('lists Random, then the most-bought in their order, then the rest by group A–Z, each country once', () => {
    expect(locationGroups(locations, ['de', 'us', 'zz'])).toEqual([
      { group: 'Any', items: [{ value: 'random', label: 'Random' }] },
      {
        group: 'Most bought',
        items: [
          { value: 'de', label: 'Germany' },
          { value: 'us', label: 'United States' },
        ],
      },
      { group: 'Private and sneaker pools', items: [{ value: 'prvtus', label: 'Private Proxy US' }] },
      { group: 'North America', items: [{ value: 'ca', label: 'Canada' }] },
      {
        group: 'Europe',
        items: [
          { value: 'at', label: 'Austria' },
          { value: 'fr', label: 'France' },
        ],
      },
    ]);
  });

  it('has no "Most bought" group before the shop has orders', () => {
    expect(locationGroups(locations, []).map((g) => g.group)).toEqual([
      'Any',
      'Private and sneaker pools',
      'North America',
      'Europe',
    ]);
  });
});
