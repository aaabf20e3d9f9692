import type { Db } from '../client.js';
import { subusers } from '../schema/index.js';
import type { Subuser } from './subusers.js';

/** A sub-user as the gateway keeps it in its snapshot (issue #31): all of its row but the name and date. */
export type GatewaySubuser = Omit<Subuser, 'name' | 'createdAt'>;

/**
 * Every sub-user, for the gateway's snapshot: a line whose username names one (`s…-residential`) is judged with
 * it, and its bytes are charged to the owner's current plan of its product (ADR 018).
 */
export const loadSubusers = (db: Db): Promise<GatewaySubuser[]> =>
  db
    .select({
      id: subusers.id,
      userId: subusers.userId,
      productType: subusers.productType,
      proxyUsername: subusers.proxyUsername,
      proxyPassword: subusers.proxyPassword,
      paused: subusers.paused,
      limitBytes: subusers.limitBytes,
      limitPeriod: subusers.limitPeriod,
      allowedCountries: subusers.allowedCountries,
      usedBytes: subusers.usedBytes,
      periodUsedBytes: subusers.periodUsedBytes,
      periodStart: subusers.periodStart,
      maxSources: subusers.maxSources,
      maxConnections: subusers.maxConnections,
    })
    .from(subusers);
