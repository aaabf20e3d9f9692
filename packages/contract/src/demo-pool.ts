/**
 * The demo pool (packages/db/catalogue/proxy-pool.json) uses the documentation ranges of RFC 5737 and RFC 3849,
 * addresses that look real but that no machine has. A gateway answers each one at a loopback stand-in as well,
 * so that a local shop's lines can be tried (issue #19, ADR 006):
 *
 * - 192.0.2.N → 127.0.2.N, 198.51.100.N → 127.51.100.N, 203.0.113.N → 127.0.113.N;
 * - 2001:db8:…:X → 127.255.(X >> 8).(X & 255), from the address's last 16 bits.
 *
 * Anything else has no stand-in (undefined): a real pool address is reached as it is.
 */
const IPV4_STAND_INS: Record<string, string> = {
  '192.0.2': '127.0.2',
  '198.51.100': '127.51.100',
  '203.0.113': '127.0.113',
};

export const demoStandIn = (address: string): string | undefined => {
  const v4 = /^(\d+\.\d+\.\d+)\.(\d+)$/.exec(address);
  if (v4) {
    const net = IPV4_STAND_INS[v4[1]!];
    return net && `${net}.${v4[2]}`;
  }
  const v6 = address.toLowerCase();
  if (!/^2001:(0)*db8:/.test(v6)) return undefined;
  const last = parseInt(v6.slice(v6.lastIndexOf(':') + 1) || '0', 16);
  if (!Number.isInteger(last)) return undefined;
  return `127.255.${last >> 8}.${last & 255}`;
};

/** Whether an address is a documentation (demo) address, which no machine can send from. */
export const isDemoAddress = (address: string): boolean => demoStandIn(address) !== undefined;
