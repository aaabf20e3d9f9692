import { isIP } from 'node:net';

/** One address of the operator's pool: where a customer's datacenter / IPv6 proxy answers. */
export interface PoolEndpoint {
  address: string;
  port: number;
}

const ipv4ToNumber = (ip: string) => ip.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
const numberToIpv4 = (n: number) => [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');

/** Largest range one line of the pool file may expand to. */
const MAX_RANGE = 65_536;

/**
 * Expands a pool line: `ADDRESS:PORT`, `[IPv6]:PORT`, or an IPv4 range `FIRST-LAST:PORT`.
 * Throws a readable error for anything else.
 */
export const expandPoolLine = (line: string): PoolEndpoint[] => {
  const match = /^(?:\[([^\]]+)\]|([^:\s]+)):(\d{1,5})$/.exec(line.trim());
  const port = Number(match?.[3]);
  if (!match || port < 1 || port > 65_535)
    throw new Error(`"${line}" is not ADDRESS:PORT, [IPv6]:PORT or FIRST-LAST:PORT`);
  const host = match[1] ?? match[2] ?? '';
  if (match[1] !== undefined) {
    if (isIP(host) !== 6) throw new Error(`"${host}" is not an IPv6 address`);
    return [{ address: host.toLowerCase(), port }];
  }
  const [first, last = first] = host.split('-') as [string, string?];
  if (isIP(first) !== 4 || isIP(last) !== 4) throw new Error(`"${host}" is not an IPv4 address or range`);
  const from = ipv4ToNumber(first);
  const to = ipv4ToNumber(last);
  if (to < from || to - from >= MAX_RANGE)
    throw new Error(`"${host}" is not a range of 1 to ${MAX_RANGE} addresses`);
  return Array.from({ length: to - from + 1 }, (_, i) => ({ address: numberToIpv4(from + i), port }));
};
