import { specialAddressKind } from '@proxydesk/db';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * Where a webhook may be sent (issue #32 item 3): an http(s) URL without credentials; in production https only,
 * and never to a loopback, private, link-local… address (SSRF: a reseller must not make the shop call its own
 * network), checked when the endpoint is saved and again, on what the name resolves to, at every delivery.
 */
export const webhookUrlProblem = (url: string, rules: { production: boolean }): string | undefined => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Enter a full URL, such as https://example.com/webhooks';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'The URL must start with https://';
  if (rules.production && parsed.protocol !== 'https:') return 'The URL must start with https://';
  if (parsed.username || parsed.password) return 'The URL must not hold a user name or password';
  return undefined;
};

/** The first address `url`'s host is, or resolves to, that is not public; undefined when all are public. */
export const privateDestination = async (url: string): Promise<string | undefined> => {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  return addresses.find((address) => specialAddressKind(address) !== undefined);
};
