import type { FairUseCaps } from './fair-use.js';

/** Why a connection is refused; each protocol answers it its own way (HTTP status, SOCKS5 code). */
export type RefusalKind =
  | 'credentials'
  | 'forbidden'
  | 'payment'
  | 'busy'
  | 'target'
  | 'unreachable'
  | 'timeout'
  | 'bad-request'
  | 'head-too-large';

export interface Refusal {
  refused: RefusalKind;
  /** One line for the customer. */
  reason: string;
  /** The customer refused and the product asked for, when the gateway knew them (the access log's line). */
  customer?: string;
  product?: string;
  /** The sub-user refused (issue #31), when the line was one's. */
  subuser?: string;
}

/**
 * Who is using the gateway and for which plan: what every byte of the connection is counted against. Shared
 * by the connections of one line, so never changed.
 */
export interface Grant {
  readonly userId: string;
  readonly productType: string;
  readonly planId: string;
  /** Options of the proxy password (`country`, `city`, `isp`, `session`); none for whitelisted IPs. */
  readonly options: Readonly<Record<string, string>>;
  /** The pool address the customer reached (datacenter / IPv6): egress leaves from it where it can. */
  readonly poolAddress?: string;
  /** The owner's sub-user whose line this is (issue #31): `userId` and `planId` are still the owner's, who pays. */
  readonly subuserId?: string;
  /** A credentials line's fair-use caps as the snapshot had them (issue #31 item 3); none for whitelisted IPs. */
  readonly fairUse?: FairUseCaps;
}

export type Decision = Grant | Refusal;

export const refuse = (
  refused: RefusalKind,
  reason: string,
  who?: { customer: string; product: string; subuser?: string },
): Refusal => ({ refused, reason, ...who });
export const isRefusal = (decision: Decision): decision is Refusal => 'refused' in decision;

/** HTTP answer to each refusal (issue #6: 407 bad credentials, 402/403 with a reason). */
export const HTTP_STATUS: Record<RefusalKind, number> = {
  credentials: 407,
  forbidden: 403,
  payment: 402,
  busy: 429,
  target: 403,
  unreachable: 502,
  timeout: 504,
  'bad-request': 400,
  'head-too-large': 431,
};

/** SOCKS5 reply code to each refusal once authenticated (RFC 1928 §6). */
export const SOCKS_REPLY: Record<RefusalKind, number> = {
  credentials: 0x02,
  forbidden: 0x02,
  payment: 0x02,
  busy: 0x02,
  target: 0x02,
  unreachable: 0x04,
  timeout: 0x06,
  'bad-request': 0x01,
  'head-too-large': 0x01,
};
