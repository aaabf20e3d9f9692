import {
  capRefusal,
  effectiveCap,
  type CredentialFairUse,
  type FairUseCapsBody,
  type FairUseMaximum,
  type FairUseSource,
  type SubuserProduct,
} from '@proxydesk/contract';
import {
  findOwnerFairUse,
  listSources,
  loadFairUseMaximums,
  setOwnerFairUse,
  type Db,
  type FairUseCaps,
} from '@proxydesk/db';
import { HttpError } from '../../lib/http-error.js';

/** The body's caps as the repository takes them: a field left out stays as it is. */
const capsOf = (body: FairUseCapsBody): Partial<FairUseCaps> => ({
  ...(body.max_sources !== undefined ? { maxSources: body.max_sources } : {}),
  ...(body.max_connections !== undefined ? { maxConnections: body.max_connections } : {}),
});

/** One set of credentials' fair use as the API shows it. */
export const credentialFairUse = (
  caps: FairUseCaps,
  maximum: FairUseMaximum,
  sources: FairUseSource[],
): CredentialFairUse => ({
  max_sources: caps.maxSources,
  max_connections: caps.maxConnections,
  effective: {
    max_sources: effectiveCap(caps.maxSources, maximum.maxSources),
    max_connections: effectiveCap(caps.maxConnections, maximum.maxConnections),
  },
  sources,
});

/**
 * Fair use of a customer's credentials (issue #31 item 3, ADR 018): the shop's maximums (the console's, else the
 * operator's GATEWAY_FAIR_USE_* defaults), the owner's caps, every cap checked against its maximum (400 naming
 * it), and the current sources the gateways wrote.
 */
export const createFairUseService = ({ db, defaults }: { db: Db; defaults: FairUseMaximum }) => {
  const maximums = () => loadFairUseMaximums(db, defaults);
  const maximumOf = async (product: SubuserProduct) => (await maximums()).get(product) ?? defaults;

  /** The body's caps once within the product's maximum; a 400 naming the maximum otherwise. */
  const checked = async (product: SubuserProduct, body: FairUseCapsBody) => {
    const maximum = await maximumOf(product);
    const refusal =
      capRefusal('sources', body.max_sources, maximum, product) ??
      capRefusal('connections', body.max_connections, maximum, product);
    if (refusal) throw new HttpError(400, refusal);
    return capsOf(body);
  };

  /** Each credential's sources within the product's window: `owner` for the owner's line, else sub-user ids. */
  const sourcesOf = async (userId: string, product: SubuserProduct, maximum: FairUseMaximum) => {
    const rows = await listSources(
      db,
      userId,
      product,
      new Date(Date.now() - maximum.windowMinutes * 60_000),
    );
    const byCredential = new Map<string, FairUseSource[]>();
    for (const row of rows) {
      const key = row.subuserId ?? 'owner';
      const list = byCredential.get(key) ?? [];
      list.push({ address: row.address, last_seen: row.lastSeen.toISOString() });
      byCredential.set(key, list);
    }
    return byCredential;
  };

  const ownerView = async (userId: string, product: SubuserProduct, caps?: FairUseCaps) => {
    const maximum = await maximumOf(product);
    const [own, sources] = await Promise.all([
      caps ?? findOwnerFairUse(db, userId, product),
      sourcesOf(userId, product, maximum),
    ]);
    return {
      maximum: {
        product,
        max_sources: maximum.maxSources,
        window_minutes: maximum.windowMinutes,
        max_connections: maximum.maxConnections,
      },
      owner: credentialFairUse(own, maximum, sources.get('owner') ?? []),
    };
  };

  return {
    maximums,
    maximumOf,
    checked,
    sourcesOf,
    owner: (userId: string, product: SubuserProduct) => ownerView(userId, product),
    setOwner: async (userId: string, product: SubuserProduct, body: FairUseCapsBody) =>
      ownerView(userId, product, await setOwnerFairUse(db, userId, product, await checked(product, body))),
  };
};

export type FairUseService = ReturnType<typeof createFairUseService>;
