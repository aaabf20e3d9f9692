import { AUTH_MESSAGES } from '@proxydesk/contract';
import { consumeOtp, countOtpAttempt, insertOtp, latestOtp, type Db, type OtpPurpose } from '@proxydesk/db';
import { HttpError } from '../../lib/http-error.js';
import type { Mailer } from '../mail/mailer.js';
import { otpMail } from '../mail/templates.js';
import { newOtpCode, sameHash, sha256 } from './credentials.js';

/** Six digits, ten minutes, single use, five tries, one mail a minute at most (issue #3 security rules). */
export const OTP_RULES = { lifetimeMinutes: 10, maxAttempts: 5, resendAfterSeconds: 60 } as const;

export type OtpService = ReturnType<typeof createOtpService>;

export const createOtpService = ({ db, mailer, brand }: { db: Db; mailer: Mailer; brand: string }) => ({
  /** Mails a new code to `email`, unless a live one went there less than a minute ago. */
  issue: async (userId: string, purpose: OtpPurpose, email: string): Promise<void> => {
    const last = await latestOtp(db, userId, [purpose]);
    const recent =
      last &&
      !last.consumedAt &&
      last.email === email &&
      last.attempts < OTP_RULES.maxAttempts &&
      Date.now() - last.createdAt.getTime() < OTP_RULES.resendAfterSeconds * 1000;
    if (recent) return;
    const code = newOtpCode();
    const createdAt = new Date();
    const expiresAt = new Date(createdAt.getTime() + OTP_RULES.lifetimeMinutes * 60_000);
    await insertOtp(db, { userId, purpose, email, codeHash: sha256(code), createdAt, expiresAt });
    mailer.send(otpMail(brand, email, purpose, code, OTP_RULES.lifetimeMinutes));
  },

  /**
   * Uses the newest code of these purposes sent to `email`. Each try is counted before the code is
   * compared, so no more than five comparisons are ever made, even under concurrent requests.
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
    const attempts = await countOtpAttempt(db, otp.id);
    if (attempts > OTP_RULES.maxAttempts) throw new HttpError(429, AUTH_MESSAGES.otpExhausted);
    if (!sameHash(otp.codeHash, sha256(code))) {
      throw attempts >= OTP_RULES.maxAttempts
        ? new HttpError(429, AUTH_MESSAGES.otpExhausted)
        : new HttpError(400, AUTH_MESSAGES.badOtp);
    }
    if (!(await consumeOtp(db, otp.id))) throw new HttpError(400, AUTH_MESSAGES.badOtp);
    return otp.purpose;
  },
});
