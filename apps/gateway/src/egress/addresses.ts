import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import ipaddr from 'ipaddr.js';

/** One spelling per address: IPv4-mapped IPv6 (`::ffff:1.2.3.4`) as IPv4, IPv6 compressed and lowercase. */
export const normalizeIp = (value: string): string => {
  // Node accepts only the one spelling of an IPv4 address: nothing to do (and it is every tunnel's case).
  if (isIP(value) === 4) return value;
  const bare = value.startsWith('[') && value.endsWith(']') ? value.slice(1, -1) : value;
  if (!ipaddr.isValid(bare)) return bare.toLowerCase();
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    return (parsed as ipaddr.IPv6).toIPv4Address().toString();
  return parsed.toString();
};

export const isLoopback = (ip: string): boolean =>
  ipaddr.isValid(ip) && ipaddr.process(ip).range() === 'loopback';

/** The machine's own addresses: a customer must not reach the gateway's host through the gateway. */
const ownAddresses = (): Set<string> =>
  new Set(
    Object.values(networkInterfaces())
      .flat()
      .filter((info) => info !== undefined)
      .map((info) => normalizeIp(info.address)),
  );

/** An IPv4 address from two 16-bit words of an IPv6 address. */
const ipv4Of = (high: number, low: number): ipaddr.IPv4 =>
  new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * The IPv4 address an IPv6 address leads to, for the forms that carry one (issue #15 §12): IPv4-compatible
 * `::a.b.c.d` (deprecated, `::` and `::1` aside), IPv4-translated `::ffff:0:a.b.c.d`, NAT64's well-known prefix
 * `64:ff9b::/96` and 6to4 `2002:AABB:CCDD::/48`. (IPv4-mapped `::ffff:a.b.c.d` is already read as IPv4.)
 */
export const embeddedIpv4 = (address: ipaddr.IPv6): ipaddr.IPv4 | undefined => {
  const w = address.parts;
  const zeros = (from: number, to: number) => w.slice(from, to).every((word) => word === 0);
  if (zeros(0, 6) && (w[6] !== 0 || w[7]! > 1)) return ipv4Of(w[6]!, w[7]!);
  if (zeros(0, 4) && w[4] === 0xffff && w[5] === 0) return ipv4Of(w[6]!, w[7]!);
  if (w[0] === 0x64 && w[1] === 0xff9b && zeros(2, 6)) return ipv4Of(w[6]!, w[7]!);
  if (w[0] === 0x2002) return ipv4Of(w[1]!, w[2]!);
  return undefined;
};

/**
 * Whether a customer may be sent to this address (issue #6 §6): public unicast only, never loopback,
 * private, link-local, carrier-grade NAT, multicast, reserved or the gateway's own addresses. An IPv6 address
 * that carries an IPv4 address is judged as that IPv4 address (`[::7f00:1]` is loopback); Teredo and NAT64's
 * local-use prefix stay refused as reserved.
 */
export const createTargetPolicy = (allowPrivate: boolean) => {
  const own = ownAddresses();
  const publicAddress = (address: ipaddr.IPv4 | ipaddr.IPv6) =>
    address.range() === 'unicast' && !own.has(address.toString());
  return (ip: string): boolean => {
    if (allowPrivate) return true;
    if (!ipaddr.isValid(ip)) return false;
    const parsed = ipaddr.process(ip);
    const carried = parsed.kind() === 'ipv6' ? embeddedIpv4(parsed as ipaddr.IPv6) : undefined;
    return carried ? publicAddress(carried) : publicAddress(parsed);
  };
};

export type TargetPolicy = ReturnType<typeof createTargetPolicy>;
