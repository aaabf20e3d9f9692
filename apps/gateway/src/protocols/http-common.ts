import { STATUS_CODES } from 'node:http';
import { HTTP_STATUS, type Refusal } from '../access/decision.js';

export const REALM = 'Basic realm="proxy"';

/** The raw answer to a refused CONNECT (or anything that is not yet an HTTP response). */
export const rawRefusal = (refusal: Refusal): string => {
  const status = HTTP_STATUS[refusal.refused];
  const body = `${refusal.reason}\n`;
  const challenge = status === 407 ? `Proxy-Authenticate: ${REALM}\r\n` : '';
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${challenge}Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
};

/** `Proxy-Authorization: Basic base64(user:pass)` → user and password. */
export const basicCredentials = (
  header: string | undefined,
): { username: string; password: string } | undefined => {
  const encoded = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '')?.[1];
  if (!encoded) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) } : undefined;
};

const AUTHORITY = /^(?:\[([0-9a-fA-F:.]+)\]|([^\s:/?#@[\]]+))(?::(\d{1,5}))?$/;

/** `host:port` (or `[v6]:port`) of a CONNECT or an absolute URL; undefined when it is not one. */
export const parseAuthority = (
  authority: string,
  defaultPort?: number,
): { host: string; port: number } | undefined => {
  const match = AUTHORITY.exec(authority);
  if (!match) return undefined;
  const port = match[3] === undefined ? defaultPort : Number(match[3]);
  if (!port || port > 65_535) return undefined;
  return { host: (match[1] ?? match[2]!).toLowerCase(), port };
};
