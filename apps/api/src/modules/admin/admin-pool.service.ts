import { PRODUCT_PAGES, type ProductCode } from '@proxydesk/contract';
import {
  expandPoolLine,
  importPool,
  listPool,
  poolEndpointProblem,
  poolUtilisation,
  retirePoolAddress,
  type Actor,
  type Db,
  type PoolEndpoint,
  type PoolMove,
  type PoolRules,
  type PoolState,
} from '@proxydesk/db';
import { HttpError } from '../../lib/http-error.js';
import { enqueueMail } from '../mail/outbox.js';
import { refusalsAnswered } from './refusals.js';

const PAGE_SIZE = 10;
/** The most addresses one import may add (a /112 or a 65,536-address range is one line). */
const MOST_ADDRESSES = 262_144;

/**
 * Reads every line first: one bad line refuses the import, naming the line — a malformed one, or one with an
 * address or port the pool refuses (`poolEndpointProblem`).
 */
const endpointsOf = (lines: string[], rules: PoolRules): PoolEndpoint[] => {
  const endpoints: PoolEndpoint[] = [];
  for (const [index, line] of lines.entries()) {
    if (!line.trim()) continue;
    const refuse = (why: string) => new HttpError(400, `Line ${index + 1}: ${why}`);
    let expanded: PoolEndpoint[];
    try {
      expanded = expandPoolLine(line);
    } catch (error) {
      throw refuse((error as Error).message);
    }
    for (const found of expanded) {
      const problem = poolEndpointProblem(found, rules);
      if (problem) throw refuse(problem);
    }
    endpoints.push(...expanded);
    if (endpoints.length > MOST_ADDRESSES)
      throw new HttpError(400, `At most ${MOST_ADDRESSES} addresses at once`);
  }
  if (endpoints.length === 0) throw new HttpError(400, 'Give at least one line');
  return endpoints;
};

const endpoint = ({ address, port }: PoolEndpoint) =>
  address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`;

/** Tells the customer of a retired address where their plan went, in the retire's transaction. */
const mailMove = (tx: Db, move: PoolMove) =>
  enqueueMail(tx, {
    to: move.email,
    template: 'address-changed',
    data: {
      plan: move.planName,
      product: PRODUCT_PAGES[move.productType as ProductCode] ?? '/',
      from: endpoint(move.from),
      to: endpoint(move.to),
    },
    userId: move.userId,
  });

/** The datacenter and IPv6 pools in the console (issue #17 §6); `rules` say which addresses and ports it takes. */
export const createAdminPoolService = (db: Db, rules: PoolRules) => ({
  list: async (
    filter: { product?: string | undefined; state?: PoolState | undefined; q?: string | undefined },
    page: number,
    pageUrl: (page: number) => string,
  ) => {
    const { rows, count } = await listPool(db, filter, page, PAGE_SIZE);
    return {
      count,
      next: page * PAGE_SIZE < count ? pageUrl(page + 1) : null,
      results: rows.map((row) => ({
        id: row.pool.id,
        product: row.pool.productType,
        address: row.pool.address,
        port: row.pool.port,
        retired: row.pool.retiredAt !== null,
        assigned:
          row.planId && row.userId
            ? {
                plan_id: row.planId,
                plan_name: row.planName ?? '',
                customer_id: row.userId,
                username: row.username ?? '',
              }
            : null,
      })),
    };
  },

  utilisation: async () =>
    (await poolUtilisation(db)).map((row) => ({ ...row, free: row.total - row.assigned })),

  import: async (actor: Actor, product: string, lines: string[], reason: string) =>
    (await importPool(db, actor, product, endpointsOf(lines, rules), reason))!,

  retire: async (actor: Actor, id: string, reason: string) => {
    const done = await refusalsAnswered(retirePoolAddress(db, actor, id, reason, mailMove));
    if (!done) throw new HttpError(404, 'No such address');
    return { moved_to: done.moved?.to ?? null, customer: done.moved?.username ?? null };
  },
});

export type AdminPoolService = ReturnType<typeof createAdminPoolService>;
