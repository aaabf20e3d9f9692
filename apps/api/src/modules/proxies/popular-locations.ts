import type { CountryStats } from '@proxydesk/contract';
import { listBuyerCountries, type Db } from '@proxydesk/db';
import { memoizeFor } from '../../lib/memoize.js';

/** How many countries the Location select lists first. */
export const POPULAR_COUNT = 5;
/** Orders move the list slowly: one grouped read every ten minutes per instance is enough. */
const KEEP_MS = 10 * 60_000;

/**
 * The generator's most-bought countries (issue #33 item 6): the billing countries of the shop's paid orders,
 * most orders first, as codes of the active locations (a country the shop has no location for is skipped; the
 * private and sneaker pools are no country). Kept ten minutes; `cache: false` (CATALOGUE_CACHE_SECONDS=0) reads
 * every time.
 */
export const createPopularLocations = (
  db: Db,
  locations: () => Promise<CountryStats['countries']['countries']>,
  cache: boolean,
) =>
  memoizeFor(cache ? KEEP_MS : 0, async (): Promise<string[]> => {
    const [buyers, tree] = await Promise.all([listBuyerCountries(db, POPULAR_COUNT * 4), locations()]);
    const codeOf = new Map(
      tree.filter((c) => c.group !== 'special').map((c) => [c.name.toLowerCase(), c.code] as const),
    );
    return buyers.flatMap(({ country }) => codeOf.get(country.toLowerCase()) ?? []).slice(0, POPULAR_COUNT);
  });
