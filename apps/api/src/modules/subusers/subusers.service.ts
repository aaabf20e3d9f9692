import {
  lineUsername,
  PRODUCT_NAMES,
  type CountryStats,
  type CredentialFairUse,
  type FairUseCapsBody,
  type Subuser as SubuserView,
  type SubuserProduct,
} from '@proxydesk/contract';
import {
  BYTES_PER_GB,
  bytesTowardLimit,
  countSubusers,
  createSubuser,
  deleteSubuser,
  findOwnSubuser,
  listSubusers,
  updateSubuser,
  type Db,
  type Subuser,
  type SubuserChange,
} from '@proxydesk/db';
import { HttpError } from '../../lib/http-error.js';
import { newProxyPassword, randomString } from '../auth/credentials.js';
import { credentialFairUse, type FairUseService } from './fair-use.service.js';

type Locations = CountryStats['countries']['countries'];

const notFound = () => new HttpError(404, 'Sub-user not found');

/** `s` and 11 letters or digits: never an owner's (`u…`), so the gateway tells them apart (ADR 018). */
const newSubuserUsername = (): string => `s${randomString(11)}`;

/** A sub-user as the API and the product page show it. */
export const subuserView = (subuser: Subuser, fairUse: CredentialFairUse, now = new Date()): SubuserView => ({
  id: subuser.id,
  product: subuser.productType as SubuserProduct,
  name: subuser.name,
  username: lineUsername(subuser.proxyUsername, subuser.productType as SubuserProduct),
  status: subuser.paused ? 'paused' : 'active',
  limit:
    subuser.limitBytes === null
      ? null
      : { gb: subuser.limitBytes / BYTES_PER_GB, period: subuser.limitPeriod },
  used_bytes: subuser.usedBytes,
  limit_used_bytes: bytesTowardLimit(subuser, now),
  allowed_countries: subuser.allowedCountries,
  fair_use: fairUse,
  created_at: subuser.createdAt.toISOString(),
});

/** Sub-users of the per-GB plans (issue #31, ADR 018): the rules; the repository does the database. */
export const createSubuserService = ({
  db,
  maxPerCustomer,
  locations,
  fairUse,
}: {
  db: Db;
  maxPerCustomer: number;
  locations: () => Promise<Locations>;
  fairUse: FairUseService;
}) => {
  /** Sub-users as shown, with their fair use: one read of the maximum and the sources for them all. */
  const views = async (userId: string, product: SubuserProduct, rows: Subuser[]) => {
    const maximum = await fairUse.maximumOf(product);
    const sources = await fairUse.sourcesOf(userId, product, maximum);
    const now = new Date();
    return rows.map((row) =>
      subuserView(row, credentialFairUse(row, maximum, sources.get(row.id) ?? []), now),
    );
  };
  const view = async (subuser: Subuser) =>
    (await views(subuser.userId, subuser.productType as SubuserProduct, [subuser]))[0]!;

  const change = async (userId: string, id: string, patch: SubuserChange) => {
    const changed = await updateSubuser(db, userId, id, patch);
    if (!changed) throw notFound();
    return view(changed);
  };

  return {
    list: async (userId: string, product: SubuserProduct) => {
      const [rows, total] = await Promise.all([listSubusers(db, userId, product), countSubusers(db, userId)]);
      return { subusers: await views(userId, product, rows), total, max: maxPerCustomer };
    },

    create: async (userId: string, product: SubuserProduct, name: string) => {
      // A username already taken (1 in 36^11) is simply drawn again.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const proxyPassword = newProxyPassword();
        const outcome = await createSubuser(
          db,
          { userId, productType: product, name, proxyUsername: newSubuserUsername(), proxyPassword },
          maxPerCustomer,
        );
        if (outcome === 'full')
          throw new HttpError(
            409,
            `You have ${maxPerCustomer} sub-users, the most allowed: delete one to make another`,
          );
        if (outcome === 'duplicate-name')
          throw new HttpError(409, `You already have a ${PRODUCT_NAMES[product]} sub-user named "${name}"`);
        if (outcome !== 'username-taken') return { subuser: await view(outcome), password: proxyPassword };
      }
      throw new Error('no free sub-user username after 3 draws');
    },

    /** An own sub-user, for the generator's "for" choice. */
    find: async (userId: string, id: string) => (await findOwnSubuser(db, userId, id)) ?? notFound(),

    setPaused: async (userId: string, id: string, paused: boolean) => await change(userId, id, { paused }),

    regeneratePassword: async (userId: string, id: string) => {
      const proxyPassword = newProxyPassword();
      return { subuser: await change(userId, id, { proxyPassword }), password: proxyPassword };
    },

    /** At least one byte: the smallest limit allowed (0.01 GB) is far above it anyway. */
    setLimit: async (userId: string, id: string, gb: number, period: SubuserChange['limitPeriod']) =>
      change(userId, id, { limitBytes: Math.max(1, Math.round(gb * BYTES_PER_GB)), limitPeriod: period }),

    clearLimit: async (userId: string, id: string) => await change(userId, id, { limitBytes: null }),

    setCountries: async (userId: string, id: string, countries: string[]) => {
      const known = new Set((await locations()).map((location) => location.code));
      const unknown = countries.find((code) => !known.has(code));
      if (unknown !== undefined) throw new HttpError(400, `Unknown country "${unknown}"`);
      return await change(userId, id, { allowedCountries: [...new Set(countries)].sort() });
    },

    /** Its fair-use caps, each within the shop's maximum of its product (400 naming the maximum). */
    setFairUse: async (userId: string, id: string, body: FairUseCapsBody) => {
      const subuser = await findOwnSubuser(db, userId, id);
      if (!subuser) throw notFound();
      const caps = await fairUse.checked(subuser.productType as SubuserProduct, body);
      return Object.keys(caps).length > 0 ? change(userId, id, caps) : view(subuser);
    },

    remove: async (userId: string, id: string) => {
      if (!(await deleteSubuser(db, userId, id))) throw notFound();
    },
  };
};

export type SubuserService = ReturnType<typeof createSubuserService>;
