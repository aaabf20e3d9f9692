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

/**
 * Whether a customer may be sent to this address (issue #6 §6): public unicast only, never loopback,
 * private, link-local, carrier-grade NAT, multicast, reserved or the gateway's own addresses.
 */
export const createTargetPolicy = (allowPrivate: boolean) => {
  const own = ownAddresses();
  return (ip: string): boolean => {
    if (allowPrivate) return true;
    if (!ipaddr.isValid(ip)) return false;
    const parsed = ipaddr.process(ip);
    return parsed.range() === 'unicast' && !own.has(parsed.toString());
  };
};

export type TargetPolicy = ReturnType<typeof createTargetPolicy>;
