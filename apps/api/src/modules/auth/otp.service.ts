import { AUTH_MESSAGES } from '@proxydesk/contract';
import { consumeOtp, countOtpAttempt, insertOtp, latestOtp, type Db, type OtpPurpose } from '@proxydesk/db';
import type { Counters } from '../../lib/counters.js';
import { HttpError } from '../../lib/http-error.js';
import { enqueueMail } from '../mail/outbox.js';
import { newOtpCode, sameHash, sha256 } from './credentials.js';

/**
 * Six digits, ten minutes, single use, five tries, one mail a minute at most (issue #3 security rules); per
 * account, across every code, purpose and address: ten wrong guesses an hour, then the account's codes cool
 * down for the rest of that hour, and five codes mailed an hour (issue #15, ADR 004).
 */
export const OTP_RULES = {
  lifetimeMinutes: 10,
  maxAttempts: 5,
  resendAfterSeconds: 60,
  wrongGuessesPerAccount: [10, 3600],
  codesPerAccount: [5, 3600],
} as const;

const wrongGuessesKey = (userId: string) => `codes:guesses:${userId}`;
const codesIssuedKey = (userId: string) => `codes:issued:${userId}`;

const coolingDown = (retryAfterSeconds: number) =>
  new HttpError(429, `${AUTH_MESSAGES.codesCoolingDown} ${Math.ceil(retryAfterSeconds / 60)} minutes`);

/** What `issue` did: mailed a new code, left a live one of the last minute, or refused by a budget. */
export type IssueOutcome = 'sent' | 'recent' | 'limited';

export type OtpService = ReturnType<typeof createOtpService>;

export const createOtpService = ({ db, counters }: { db: Db; counters: Counters }) => ({
  /**
   * Mails a new code to `email`, unless a live one went there less than a minute ago, the account's codes
   * are cooling down, or it had its five codes this hour. `username` names the account being confirmed.
   */
  issue: async (
    userId: string,
    purpose: OtpPurpose,
    email: string,
    username?: string,
  ): Promise<IssueOutcome> => {
    const last = await latestOtp(db, userId, [purpose]);
    const recent =
      last &&
      !last.consumedAt &&
      last.email === email &&
      last.attempts < OTP_RULES.maxAttempts &&
      Date.now() - last.createdAt.getTime() < OTP_RULES.resendAfterSeconds * 1000;
    if (recent) return 'recent';
    const guesses = await counters.peek(wrongGuessesKey(userId));
    if (guesses.count >= OTP_RULES.wrongGuessesPerAccount[0]) return 'limited';
    if (!(await counters.hit(codesIssuedKey(userId), ...OTP_RULES.codesPerAccount)).allowed) return 'limited';
    const code = newOtpCode();
    const createdAt = new Date();
    const expiresAt = new Date(createdAt.getTime() + OTP_RULES.lifetimeMinutes * 60_000);
    // The code and its mail, together or not at all; the mail is not sent once the code has expired.
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await insertOtp(t, { userId, purpose, email, codeHash: sha256(code), createdAt, expiresAt });
      await enqueueMail(t, {
        to: email,
        template: 'otp',
        data: { purpose, code, minutes: OTP_RULES.lifetimeMinutes, ...(username ? { username } : {}) },
        userId,
        discardAfter: expiresAt,
      });
    });
    return 'sent';
  },

  /**
   * Uses the newest code of these purposes sent to `email`. Each try is counted before the code is
   * compared, on the code (five) and on the account (ten an hour, a right code given back), so no more
   * comparisons are made than allowed, even under concurrent requests.
   */
  redeem: async (
    userId: string,
    purposes: OtpPurpose[],
    email: string,
    code: string,
  ): Promise<OtpPurpose> => {
    const otp = await latestOtp(db, userId, purposes);
    if (!otp || otp.consumedAt || otp.expiresAt.getTime() <= Date.now() || otp.email !== email) {
      throw new HttpError(400, AUTH_MESSAGES.badOtp);
    }
    const budget = await counters.hit(wrongGuessesKey(userId), ...OTP_RULES.wrongGuessesPerAccount);
    if (!budget.allowed) throw coolingDown(budget.retryAfterSeconds);
    const attempts = await countOtpAttempt(db, otp.id);
    if (attempts > OTP_RULES.maxAttempts) {
      // A used-up code is not compared: no guess was made.
      await counters.forgive(wrongGuessesKey(userId));
      throw new HttpError(429, AUTH_MESSAGES.otpExhausted);
    }
    if (!sameHash(otp.codeHash, sha256(code))) {
      if (budget.count >= OTP_RULES.wrongGuessesPerAccount[0]) throw coolingDown(budget.retryAfterSeconds);
      throw attempts >= OTP_RULES.maxAttempts
        ? new HttpError(429, AUTH_MESSAGES.otpExhausted)
        : new HttpError(400, AUTH_MESSAGES.badOtp);
    }
    if (!(await consumeOtp(db, otp.id))) throw new HttpError(400, AUTH_MESSAGES.badOtp);
    await counters.forgive(wrongGuessesKey(userId));
    return otp.purpose;
  },
});
