import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm), m = 19 MiB, t = 2, p = 1 (DESIGN.md §6). */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

/** A hash of nothing anyone knows: verifying an unknown user against it costs the same as a real one. */
const decoy = hashPassword(randomBytes(16).toString('hex'));

/** Verifies against the account's hash, or against the decoy when there is none (no enumeration by timing). */
export const verifyPassword = async (
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> => {
  const ok = await verify(storedHash ?? (await decoy), password).catch(() => false);
  return ok && Boolean(storedHash);
};

/**
 * The most common passwords (zxcvbn's list, 8 characters and longer: shorter ones fail the length rule), read at
 * the first password chosen: zxcvbn's dictionaries are megabytes an idle shop does not need (ADR 014).
 */
let common: Promise<Set<string>> | undefined;
export const isCommonPassword = async (password: string): Promise<boolean> => {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].filter((p) => p.length >= 8)),
  );
  return (await common).has(password.toLowerCase());
};

/** SHA-256 of a random secret: what the database keeps of tokens, codes and API keys. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export const sameHash = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** A session token: 32 random bytes. */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');

/** A reseller API key, recognisable by its prefix. */
export const newApiKey = (): string => `pdk_${randomBytes(32).toString('base64url')}`;

export const newOtpCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const randomString = (length: number, alphabet = ALPHANUMERIC): string =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');

/** The password of a customer's proxy lines (DESIGN.md §4): letters and digits only, so it never holds `_`. */
export const newProxyPassword = (): string => randomString(20);

export const newReferralCode = (): string => randomString(8, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789');
