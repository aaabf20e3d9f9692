import { AUTH_MESSAGES, type z, type reauthSchema } from '@proxydesk/contract';
import {
  insertSession,
  insertUser,
  updateUserAndRevokeSessions,
  violatedUniqueIndex,
  type Db,
  type NewSession,
  type NewUser,
  type User,
  type UserPatch,
} from '@proxydesk/db';
import type { AfterReply } from '../../lib/after-reply.js';
import type { Counters } from '../../lib/counters.js';
import { HttpError } from '../../lib/http-error.js';
import type { CaptchaService } from '../captcha/captcha.service.js';
import { enqueueMail } from '../mail/outbox.js';
import {
  hashPassword,
  isCommonPassword,
  newReferralCode,
  newSessionToken,
  newProxyPassword,
  randomString,
  sha256,
} from './credentials.js';
import type { OtpService } from './otp.service.js';

/** The request's origin, kept with a session. */
export interface Client {
  ip: string;
  userAgent: string | null;
}

export type Output<S extends z.ZodMiniType> = z.output<S>;
export type Reauth = Output<typeof reauthSchema> | null | undefined;
type Captcha = { 'g-recaptcha-response'?: string | undefined };

export const SESSION_LIFETIME_DAYS = 30;

/**
 * [attempts, window in seconds], counted before any hashing (issue #3 security rules) and after the captcha
 * (issue #15). Sign-in: an address has five tries per account; once an account has ten failures, only
 * addresses that have not failed on it get a try, so its owner is never locked out from elsewhere.
 */
export const AUTH_LIMITS = {
  loginPerIp: [30, 900],
  loginPerAddress: [5, 900],
  loginFailuresPerAccount: [10, 900],
  otpPerIp: [30, 900],
  mailPerIp: [30, 900],
  mailPerAccount: [10, 900],
  passwordPerAccount: [10, 900],
} as const satisfies Record<string, readonly [number, number]>;

export const otpNeeded = (email: string) => new HttpError(422, AUTH_MESSAGES.otpSent, { email });

export interface AuthDependencies {
  db: Db;
  afterReply: AfterReply;
  otp: OtpService;
  captcha: CaptchaService;
  counters: Counters;
}

export type AuthSteps = ReturnType<typeof createAuthSteps>;

/** The steps that sign-up, sign-in, the codes and the security changes share. */
export const createAuthSteps = ({ db, captcha, counters }: AuthDependencies) => {
  const tooMany = (retryAfterSeconds: number) =>
    new HttpError(429, `Too many attempts: try again in ${Math.ceil(retryAfterSeconds / 60)} minutes`);
  const limit = async (key: string, [max, windowSeconds]: readonly [number, number]) => {
    const { allowed, retryAfterSeconds } = await counters.hit(key, max, windowSeconds);
    if (!allowed) throw tooMany(retryAfterSeconds);
  };

  const requireCaptcha = async (body: Captcha, client: Client) => {
    if (!(await captcha.verify(body['g-recaptcha-response'], client.ip)))
      throw new HttpError(400, AUTH_MESSAGES.captchaFailed);
  };

  const requireUncommon = async (password: string) => {
    if (await isCommonPassword(password)) throw new HttpError(400, AUTH_MESSAGES.commonPassword);
  };

  /**
   * A new session: the token goes to the client once, its hash to the database. `secondFactor`: signed in with
   * the mailed code after the password (the console opens only to such a session, issue #28).
   */
  const newSession = (
    user: User,
    client: Client,
    secondFactor = false,
  ): { token: string; row: NewSession } => {
    const token = newSessionToken();
    const expiresAt = new Date(Date.now() + SESSION_LIFETIME_DAYS * 24 * 3_600_000);
    return {
      token,
      row: {
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt,
        ip: client.ip,
        userAgent: client.userAgent,
        secondFactor,
      },
    };
  };
  const startSession = async (user: User, client: Client, secondFactor = false) => {
    const { token, row } = newSession(user, client, secondFactor);
    await insertSession(db, row);
    return { detail: 'Signed in', payload: { token } };
  };

  /**
   * A new password, every other session revoked and this device's new session opened, in one transaction;
   * the account's address is told (issue #15).
   */
  const replacePassword = async (
    user: User,
    password: string,
    client: Client,
    { patch = {}, secondFactor = false }: { patch?: UserPatch; secondFactor?: boolean } = {},
  ) => {
    const { token, row } = newSession(user, client, secondFactor);
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await updateUserAndRevokeSessions(t, user.id, { ...patch, passwordHash }, { start: row });
      await enqueueMail(t, { to: user.email, template: 'password-changed', data: {}, userId: user.id });
    });
    return token;
  };

  /** Inserts an account with fresh referral code and proxy credentials; a clash on those is retried. */
  const createAccount = async (
    fields: Omit<NewUser, 'referralCode' | 'proxyUsername' | 'proxyPassword'>,
  ): Promise<User> => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await insertUser(db, {
          ...fields,
          referralCode: newReferralCode(),
          proxyUsername: `u${randomString(11)}`,
          proxyPassword: newProxyPassword(),
        });
      } catch (error) {
        const index = violatedUniqueIndex(error);
        if (index === 'users_username_lower') throw new HttpError(409, 'That username is taken');
        if (index === 'users_email_lower') throw new HttpError(409, 'An account already uses this e-mail');
        if (index === undefined || attempt >= 3) throw error;
      }
    }
  };

  return { tooMany, limit, requireCaptcha, requireUncommon, startSession, replacePassword, createAccount };
};
