import { isIP } from 'node:net';
import { z } from 'zod';

/** proxy-addr's names for address ranges, which Fastify's `trustProxy` also takes. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrCidr = (value: string): boolean => {
  if (RANGE_NAMES.has(value)) return true;
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

/**
 * `TRUST_PROXY` (DESIGN.md §4): `false`, a hop count (`1` behind one load balancer), or the load balancers'
 * addresses / CIDRs, comma-separated — Fastify's `trustProxy` forms. `true` (or `*`, `0.0.0.0/0`, `::/0`) would
 * believe every hop, so the left-most, client-written `X-Forwarded-For` address would key every per-IP limit:
 * refused, in the one configuration line.
 */
export const trustProxy = z
  .string()
  .default('false')
  .transform((raw, context): false | number | string[] => {
    const value = raw.trim();
    if (value === 'false' || value === '0') return false;
    if (value === 'true') {
      context.addIssue({
        code: 'custom',
        message:
          "true would trust every hop of X-Forwarded-For (a client could pick its own address): use a hop count (1 behind one load balancer) or the load balancers' addresses",
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const everyAddress = entries.find((entry) => /\/0+$/.test(entry));
    if (everyAddress !== undefined) {
      context.addIssue({
        code: 'custom',
        message: `${everyAddress} is every address, so it would trust every hop of X-Forwarded-For (a client could pick its own address): name the load balancers' addresses or use a hop count`,
      });
      return z.NEVER;
    }
    const bad = entries.find((entry) => !isAddressOrCidr(entry));
    if (bad !== undefined) {
      context.addIssue({
        code: 'custom',
        message: `"${bad}" is not false, a hop count, or an address / CIDR list (10.0.0.5,10.1.0.0/16)`,
      });
      return z.NEVER;
    }
    return entries;
  });

export type TrustProxy = z.output<typeof trustProxy>;

/**
 * The setting as Fastify's `trustProxy`. Fastify 5.12 ignores a bare hop count (it cannot check the peer),
 * so a count becomes the function proxy-addr calls with each hop's index, nearest first: `1` believes the
 * address the load balancer added, the right-most one.
 */
export const fastifyTrustProxy = (
  value: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) =>
  typeof value === 'number' ? (_address, hop) => hop < value : value;
