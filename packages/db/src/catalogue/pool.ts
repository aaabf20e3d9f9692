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

/** An IPv6 address in its canonical text (RFC 5952: lowercase, zeros compressed), as URLs write it. */
const canonicalIpv6 = (ip: string) => new URL(`http://[${ip}]`).hostname.slice(1, -1);

const ipv6ToBigInt = (ip: string): bigint => {
  const [head = '', tail] = canonicalIpv6(ip).split('::') as [string, string?];
  const first = head ? head.split(':') : [];
  const last = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? first
      : [...first, ...Array<string>(8 - first.length - last.length).fill('0'), ...last];
  return groups.reduce((n, group) => (n << 16n) + BigInt(parseInt(group, 16)), 0n);
};

const bigIntToIpv6 = (n: bigint) =>
  canonicalIpv6(
    Array.from({ length: 8 }, (_, i) => ((n >> BigInt(16 * (7 - i))) & 0xffffn).toString(16)).join(':'),
  );

/** Every address of an IPv6 prefix `ADDRESS/LENGTH` (112 to 128: at most MAX_RANGE addresses). */
const expandIpv6Prefix = (prefix: string): string[] => {
  const [address = '', length] = prefix.split('/');
  const bits = Number(length);
  if (isIP(address) !== 6 || !Number.isInteger(bits) || bits < 112 || bits > 128)
    throw new Error(`"${prefix}" is not an IPv6 prefix of /112 to /128`);
  const size = 2n ** BigInt(128 - bits);
  const base = (ipv6ToBigInt(address) / size) * size;
  return Array.from({ length: Number(size) }, (_, i) => bigIntToIpv6(base + BigInt(i)));
};

/**
 * Expands a pool line: `ADDRESS:PORT`, `[IPv6]:PORT`, an IPv4 range `FIRST-LAST:PORT` or an IPv6 prefix
 * `[ADDRESS/LENGTH]:PORT` (/112 or longer).
 * Throws a readable error for anything else.
 */
export const expandPoolLine = (line: string): PoolEndpoint[] => {
  const match = /^(?:\[([^\]]+)\]|([^:\s]+)):(\d{1,5})$/.exec(line.trim());
  const port = Number(match?.[3]);
  if (!match || port < 1 || port > 65_535)
    throw new Error(`"${line}" is not ADDRESS:PORT, [IPv6]:PORT, [IPv6/LENGTH]:PORT or FIRST-LAST:PORT`);
  const host = match[1] ?? match[2] ?? '';
  if (match[1] !== undefined) {
    if (host.includes('/')) return expandIpv6Prefix(host).map((address) => ({ address, port }));
    if (isIP(host) !== 6) throw new Error(`"${host}" is not an IPv6 address`);
    return [{ address: canonicalIpv6(host), port }];
  }
  const [first, last = first] = host.split('-') as [string, string?];
  if (isIP(first) !== 4 || isIP(last) !== 4) throw new Error(`"${host}" is not an IPv4 address or range`);
  const from = ipv4ToNumber(first);
  const to = ipv4ToNumber(last);
  if (to < from || to - from >= MAX_RANGE)
    throw new Error(`"${host}" is not a range of 1 to ${MAX_RANGE} addresses`);
  return Array.from({ length: to - from + 1 }, (_, i) => ({ address: numberToIpv4(from + i), port }));
};
