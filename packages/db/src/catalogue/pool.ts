import { BlockList, isIP } from 'node:net';

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

/** Address ranges no customer may be sent to (issue #28 item 8), by what they are. */
const SPECIAL_RANGES: [kind: string, family: 'ipv4' | 'ipv6', net: string, bits: number][] = [
  ['unspecified', 'ipv4', '0.0.0.0', 8],
  ['private', 'ipv4', '10.0.0.0', 8],
  ['private', 'ipv4', '100.64.0.0', 10],
  ['loopback', 'ipv4', '127.0.0.0', 8],
  ['link-local', 'ipv4', '169.254.0.0', 16],
  ['private', 'ipv4', '172.16.0.0', 12],
  ['private', 'ipv4', '192.168.0.0', 16],
  ['multicast', 'ipv4', '224.0.0.0', 4],
  ['broadcast', 'ipv4', '255.255.255.255', 32],
  ['unspecified', 'ipv6', '::', 128],
  ['loopback', 'ipv6', '::1', 128],
  ['private', 'ipv6', 'fc00::', 7],
  ['link-local', 'ipv6', 'fe80::', 10],
  ['multicast', 'ipv6', 'ff00::', 8],
];

const specialKinds = (() => {
  const lists = new Map<string, BlockList>();
  for (const [kind, family, net, bits] of SPECIAL_RANGES) {
    const list = lists.get(kind) ?? new BlockList();
    list.addSubnet(net, bits, family);
    lists.set(kind, list);
  }
  return [...lists];
})();

/** The address as judged: an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) is its IPv4 address. */
const judgedAddress = (address: string): { address: string; family: 'ipv4' | 'ipv6' } => {
  if (isIP(address) === 4) return { address, family: 'ipv4' };
  const n = ipv6ToBigInt(address);
  if (n >> 32n === 0xffffn) return { address: numberToIpv4(Number(n & 0xffffffffn)), family: 'ipv4' };
  return { address, family: 'ipv6' };
};

/** What an address is when it is not a public one (`private`, `loopback`, …), or undefined for a public one. */
export const specialAddressKind = (address: string): string | undefined => {
  const judged = judgedAddress(address);
  return specialKinds.find(([, list]) => list.check(judged.address, judged.family))?.[0];
};

/** What the pool refuses besides malformed lines: see `poolEndpointProblem`. */
export interface PoolRules {
  /** Loopback, private, link-local… addresses too: tests and a shop on one machine (GATEWAY_ALLOW_PRIVATE_POOL). */
  allowPrivate: boolean;
  /** The ports the shop itself listens on or talks to, each with the setting it comes from. */
  ownPorts: ReadonlyMap<number, string>;
}

/** The first port a pool address may use: below it are the system's services (and root's ports). */
export const FIRST_POOL_PORT = 1024;

/**
 * Why an endpoint cannot join the pool (issue #28 item 8), or undefined when it can: a customer is sent there
 * and the gateway listens on its port, so it must be a public address (documentation ranges, the demo pool's,
 * are public) on a port of 1024 or above that the shop does not use itself.
 */
export const poolEndpointProblem = (
  { address, port }: PoolEndpoint,
  rules: PoolRules,
): string | undefined => {
  if (port < FIRST_POOL_PORT) return `port ${port} is below ${FIRST_POOL_PORT}`;
  const own = rules.ownPorts.get(port);
  if (own) return `port ${port} is the shop's own (${own})`;
  if (rules.allowPrivate) return undefined;
  const kind = specialAddressKind(address);
  if (!kind) return undefined;
  const article = /^[aeiou]/.test(kind) ? 'an' : 'a';
  return `${judgedAddress(address).address} is ${article} ${kind} address: the pool takes public addresses only`;
};
