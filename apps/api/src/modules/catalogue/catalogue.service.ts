import { isSafeLink } from '@proxydesk/contract';
import {
  listAnnouncements,
  listCustomDayPriceTables,
  listFaqs,
  listLocationTree,
  listMaintenance,
  listPaymentMethods,
  listPlans,
  listSocialLinks,
  type Db,
} from '@proxydesk/db';
import { memoizeFor } from '../../lib/memoize.js';

/**
 * The public catalogue and content reads. They change only when the catalogue is loaded at start or
 * when the operator flips a switch, and every visitor asks for them, so each instance keeps them for
 * a few seconds (CATALOGUE_CACHE_SECONDS): an operator's change shows at once on the instance that made it
 * (it calls `forget`), and within that time on every other.
 */
export const createCatalogueService = (db: Db, cacheSeconds: number) => {
  const memo = <T>(load: (db: Db) => Promise<T>) => memoizeFor(cacheSeconds * 1000, () => load(db));
  const reads = {
    plans: memo(listPlans),
    customDayPrices: memo(listCustomDayPriceTables),
    paymentMethods: memo(listPaymentMethods),
    faqs: memo(listFaqs),
    announcements: memo(listAnnouncements),
    // Only links the shop may show: one stored before the https:/mailto: rule is left out (issue #28 item 10).
    socialMedia: memo(async (db) => (await listSocialLinks(db)).filter((link) => isSafeLink(link.url))),
    maintenance: memo(listMaintenance),
    locations: memo(listLocationTree),
  };
  return {
    ...reads,
    /** Drops every kept answer: after a console edit, this instance answers from the database at once. */
    forget: () => {
      for (const read of Object.values(reads)) read.forget();
    },
  };
};

export type CatalogueService = ReturnType<typeof createCatalogueService>;
