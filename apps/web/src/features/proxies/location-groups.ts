import { RANDOM_LOCATION, type CountryStats } from '@proxydesk/contract';

type Location = CountryStats['countries']['countries'][number];
export interface LocationGroup {
  group: string;
  items: { value: string; label: string }[];
}

const byName = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label, 'en');

/**
 * The Location select's groups (issue #33 item 6): Random, then the shop's most-bought countries in their order,
 * then the private and sneaker pools and each continent, A–Z. A country is listed once: the most-bought are not
 * repeated under their continent.
 */
export const locationGroups = (locations: Location[], popular: string[]): LocationGroup[] => {
  const known = new Map(locations.map((l) => [l.code, l]));
  const first = popular.flatMap((code) => {
    const found = known.get(code);
    return found ? [{ value: found.code, label: found.name }] : [];
  });
  const listed = new Set(first.map((item) => item.value));
  const rest = new Map<string, LocationGroup['items']>();
  for (const l of locations) {
    if (listed.has(l.code)) continue;
    const group = l.group === 'special' ? 'Private and sneaker pools' : l.group;
    rest.set(group, [...(rest.get(group) ?? []), { value: l.code, label: l.name }]);
  }
  return [
    { group: 'Any', items: [{ value: RANDOM_LOCATION, label: 'Random' }] },
    ...(first.length ? [{ group: 'Most bought', items: first }] : []),
    ...[...rest].map(([group, items]) => ({ group, items: items.toSorted(byName) })),
  ];
};
