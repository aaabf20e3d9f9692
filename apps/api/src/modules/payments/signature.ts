import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signature headers of the form `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (Stripe's scheme, also our sandbox's). */
export const signPayload = (
  secret: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
): string => `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

const safeEqualHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Checks a `t=…,v1=…` header against the raw body, within `toleranceSeconds` of now. */
export const verifySignedPayload = (
  secret: string,
  raw: Buffer,
  header: string | undefined,
  toleranceSeconds = 300,
  separators: { pair: string; timestampKey: string; signatureKey: string; join: string } = {
    pair: ',',
    timestampKey: 't',
    signatureKey: 'v1',
    join: '.',
  },
): boolean => {
  if (!header) return false;
  const parts = header
    .split(separators.pair)
    .map((part) => part.split('=', 2) as [string, string | undefined]);
  const timestamp = Number(parts.find(([key]) => key === separators.timestampKey)?.[1]);
  const signatures = parts.filter(([key]) => key === separators.signatureKey).map(([, value]) => value ?? '');
  if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret)
    .update(`${timestamp}${separators.join}`)
    .update(raw)
    .digest('hex');
  return signatures.some((signature) => safeEqualHex(signature, expected));
};
