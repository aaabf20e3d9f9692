import { isIP } from 'node:net';

/** The eight 16-bit words of an IPv6 address (its zone, `%eth0`, dropped; a dotted IPv4 tail read as two). */
const ipv6Words = (address: string): number[] => {
  let text = address.split('%', 1)[0]!.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const words = (part: string) => (part ? part.split(':').map((word) => parseInt(word, 16)) : []);
  const first = words(head);
  const last = tail === undefined ? [] : words(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
};

/** IPv6 words in their shortest spelling (the WHATWG URL parser's: lowercase, the longest zero run as `::`). */
const spelled = (words: number[]) =>
  new URL(`http://[${words.map((word) => word.toString(16)).join(':')}]`).hostname.slice(1, -1);

/**
 * The key of a client for every per-address limit (issue #28 item 12): an IPv4 address as it is, an IPv4-mapped
 * IPv6 address as its IPv4 address, any other IPv6 address by its /64 — the block one subscriber gets, so that
 * walking through its 2⁶⁴ addresses buys no new tries. Anything else (no address left) as it is.
 */
export const addressKey = (ip: string): string => {
  if (isIP(ip) !== 6) return ip;
  const words = ipv6Words(ip);
  if (words.slice(0, 5).every((word) => word === 0) && words[5] === 0xffff)
    return [words[6]! >> 8, words[6]! & 0xff, words[7]! >> 8, words[7]! & 0xff].join('.');
  return `${spelled([...words.slice(0, 4), 0, 0, 0, 0])}/64`;
};
