import { randomBytes } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { CaptchaProvider } from '@proxydesk/contract';
import type { Counters } from '../../lib/counters.js';

const GOOGLE_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
/** Proof of work: iterated SHA-256, a few thousand tries in a browser (well under a second). */
const POW = {
  algorithm: 'SHA-256',
  cost: 2,
  minCounter: 2_000,
  maxCounter: 8_000,
  lifetimeSeconds: 600,
} as const;

export interface CaptchaService {
  provider: CaptchaProvider;
  /** A fresh proof-of-work challenge (pow only). */
  challenge(): Promise<Challenge>;
  /** Is this answer from the captcha field good, and not used before? */
  verify(answer: string | undefined, clientIp: string): Promise<boolean>;
}

const decodePow = (answer: string): { challenge: Challenge; solution: Solution } | undefined => {
  try {
    const decoded = JSON.parse(Buffer.from(answer, 'base64').toString('utf8')) as Partial<{
      challenge: Challenge;
      solution: Solution;
    }>;
    if (typeof decoded.challenge?.signature !== 'string' || typeof decoded.solution?.counter !== 'number')
      return undefined;
    return { challenge: decoded.challenge, solution: decoded.solution };
  } catch {
    return undefined;
  }
};

/** Captcha on the sign-in forms (DESIGN.md §2, §3): reCAPTCHA, self-hosted proof of work, or off. */
export const createCaptchaService = (options: {
  provider: CaptchaProvider;
  recaptchaSecret?: string | undefined;
  recaptchaVerifyUrl?: string | undefined;
  powSecret?: string | undefined;
  counters: Counters;
}): CaptchaService => {
  const hmacSignatureSecret = options.powSecret ?? randomBytes(32).toString('hex');
  const verifyPow = async (answer: string) => {
    const payload = decodePow(answer);
    if (!payload || payload.challenge.parameters.algorithm !== POW.algorithm) return false;
    const result = await verifySolution({ ...payload, deriveKey, hmacSignatureSecret });
    return (
      result.verified &&
      (await options.counters.claimOnce(`pow:${payload.challenge.signature}`, POW.lifetimeSeconds))
    );
  };
  const verifyRecaptcha = async (answer: string, clientIp: string) => {
    const response = await fetch(options.recaptchaVerifyUrl ?? GOOGLE_VERIFY_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        secret: options.recaptchaSecret ?? '',
        response: answer,
        remoteip: clientIp,
      }),
      signal: AbortSignal.timeout(5_000),
    });
    const result = (await response.json()) as { success?: unknown };
    return response.ok && result.success === true;
  };
  return {
    provider: options.provider,
    challenge: () =>
      createChallenge({
        algorithm: POW.algorithm,
        cost: POW.cost,
        counter: randomInt(POW.minCounter, POW.maxCounter),
        deriveKey,
        hmacSignatureSecret,
        expiresAt: new Date(Date.now() + POW.lifetimeSeconds * 1000),
      }),
    verify: async (answer, clientIp) => {
      if (options.provider === 'off') return true;
      if (!answer) return false;
      return options.provider === 'pow' ? verifyPow(answer) : verifyRecaptcha(answer, clientIp);
    },
  };
};
