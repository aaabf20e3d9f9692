import {
  AUTH_MESSAGES,
  type LoginBody,
  type z,
  type confirmEmailBodySchema,
  type forgotPasswordBodySchema,
  type resendOtpBodySchema,
  type reauthSchema,
  type resetPasswordBodySchema,
  type signupBodySchema,
  type updateEmailBodySchema,
  type updateEmailVerificationBodySchema,
  type updatePasswordBodySchema,
} from '@proxydesk/contract';
import {
  deleteUnconfirmedUser,
  findUserByEmail,
  findUserByLogin,
  findUserByProvider,
  findUserByReferralCode,
  insertSession,
  insertUser,
  latestOtp,
  revokeSession,
  updateUser,
  updateUserAndRevokeSessions,
  violatedUniqueIndex,
  type Db,
  type NewSession,
  type NewUser,
  type User,
  type UserPatch,
} from '@proxydesk/db';
import type { AfterReply } from '../../lib/after-reply.js';
import { addressKey } from '../../lib/client-address.js';
import type { Counters } from '../../lib/counters.js';
import { HttpError } from '../../lib/http-error.js';
import type { Account } from '../../plugins/authenticate.js';
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
  verifyPassword,
} from './credentials.js';
import type { OAuthProvider } from './oauth.js';
import type { OtpService } from './otp.service.js';

/** The request's origin, kept with a session. */
export interface Client {
  ip: string;
  userAgent: string | null;
}

type Output<S extends z.ZodMiniType> = z.output<S>;
type Reauth = Output<typeof reauthSchema> | null | undefined;
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

/** A 2FA sign-in code may be mailed again only for a while after the password was right. */
const LOGIN_CODE_RESEND_WINDOW_MS = 30 * 60_000;

const otpNeeded = (email: string) => new HttpError(422, AUTH_MESSAGES.otpSent, { email });

export interface AuthDependencies {
  db: Db;
  afterReply: AfterReply;
  otp: OtpService;
  captcha: CaptchaService;
  counters: Counters;
}

export type AuthService = ReturnType<typeof createAuthService>;

export const createAuthService = ({ db, afterReply, otp, captcha, counters }: AuthDependencies) => {
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

  /**
   * The `{ otp }` step of a security change: a code mailed to the account's current address, then the same call
   * with it. The first call without it mails the code and answers 422 `{detail, payload.email}`.
   */
  const proveMailedCode = async (user: User, proof: Reauth) => {
    if (proof?.otp) {
      await otp.redeem(user.id, ['reauthenticate'], user.email, proof.otp);
      return;
    }
    if ((await otp.issue(user.id, 'reauthenticate', user.email)) === 'limited')
      throw new HttpError(429, 'Too many codes were asked for: try again in an hour');
    throw new HttpError(422, AUTH_MESSAGES.reauthCodeSent, { email: user.email });
  };

  /**
   * Re-authentication before a security change (DESIGN.md §3, ASVS re-authentication): the current
   * password, or for an account with none (Google/Discord only) a code mailed to its current address; the
   * first call without it mails the code and answers 422.
   */
  const reauthenticate = async ({ user }: Account, proof: Reauth) => {
    await limit(`password:account:${user.id}`, AUTH_LIMITS.passwordPerAccount);
    if (user.passwordHash) {
      if (!proof?.password) throw new HttpError(400, AUTH_MESSAGES.currentPasswordNeeded);
      if (!(await verifyPassword(user.passwordHash, proof.password)))
        throw new HttpError(400, AUTH_MESSAGES.currentPasswordWrong);
      return;
    }
    await proveMailedCode(user, proof);
  };

  /** Is the latest sign-up code of this unconfirmed account still valid (unused and unexpired)? */
  const pendingCodeLive = async (user: User) => {
    const code = await latestOtp(db, user.id, ['confirm_email']);
    return Boolean(code && !code.consumedAt && code.expiresAt.getTime() > Date.now());
  };

  /** After the password (or the provider) said yes: deactivated, unconfirmed and 2FA accounts stop here. */
  const finishSignIn = async (user: User, client: Client) => {
    if (!user.isActive) throw new HttpError(403, AUTH_MESSAGES.deactivated);
    if (!user.emailVerified) {
      await otp.issue(user.id, 'confirm_email', user.email, user.username);
      throw otpNeeded(user.email);
    }
    if (user.is2fa) {
      await otp.issue(user.id, 'login', user.email, user.username);
      // SPEC.md §8's words, as a client written against it expects; `purpose` tells the page it signs in.
      throw new HttpError(422, AUTH_MESSAGES.otpSent, { email: user.email, purpose: 'sign-in' });
    }
    return startSession(user, client);
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

  /** A username for an account made through Google or Discord, from its name or e-mail, made unique. */
  const socialUsername = async (identity: { name: string; email: string }): Promise<string> => {
    const base = (identity.name || identity.email.split('@')[0] || 'user')
      .replace(/[^A-Za-z0-9_.-]/g, '')
      .slice(0, 20);
    const stem = base.length >= 3 ? base : `user${base}`;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const candidate = attempt === 0 ? stem : `${stem}_${randomString(4, '0123456789')}`;
      if (!(await findUserByLogin(db, candidate))) return candidate;
    }
    return `${stem}_${randomString(8)}`;
  };

  return {
    signup: async (body: Output<typeof signupBodySchema>, client: Client): Promise<never> => {
      await requireCaptcha(body, client);
      await limit(`mail:ip:${addressKey(client.ip)}`, AUTH_LIMITS.mailPerIp);
      await requireUncommon(body.password);
      const referrer = body.referee ? await findUserByReferralCode(db, body.referee) : undefined;
      if (body.referee && !referrer) throw new HttpError(400, 'Unknown referral code');
      const passwordHash = await hashPassword(body.password);
      const existing = await findUserByEmail(db, body.email);
      if (existing?.emailVerified) {
        // The same answer as for a new address: only the mailbox's owner learns the account exists.
        await enqueueMail(db, {
          to: existing.email,
          template: 'account-exists',
          data: {},
          userId: existing.id,
        });
        throw otpNeeded(body.email);
      }
      // A sign-up stands while its code is valid: another one for the address changes nothing (its code,
      // which names its username, stays the one to type), so nobody can slip their account under the code
      // the mailbox's owner is about to type (issue #15). Once that code has expired, the unconfirmed account
      // was never shown to be anyone's and the newest sign-up replaces it, so nobody can set in advance the
      // password that the mailbox's owner would then confirm.
      if (existing && (await pendingCodeLive(existing))) throw otpNeeded(existing.email);
      if (existing) await deleteUnconfirmedUser(db, existing.id);
      const user = await createAccount({
        username: body.username,
        email: body.email,
        passwordHash,
        emailVerified: false,
        referredBy: referrer?.id ?? null,
      });
      await otp.issue(user.id, 'confirm_email', user.email, user.username);
      throw otpNeeded(user.email);
    },

    /**
     * The captcha first, so that requests without one count for nothing; then the address's tries on this
     * account (username and e-mail are one account), before any hashing. An account with ten recent failures
     * takes no more tries from addresses that failed on it, but still one from any other address: its owner
     * signs in from their own while a guesser is refused (issue #15, ADR 004).
     */
    login: async (body: LoginBody, client: Client) => {
      await requireCaptcha(body, client);
      await limit(`login:ip:${addressKey(client.ip)}`, AUTH_LIMITS.loginPerIp);
      const login = body.username.toLowerCase();
      const user = await findUserByLogin(db, login);
      const account = user ? `id:${user.id}` : `name:${login}`;
      const fromHereKey = `login:address:${account}:${addressKey(client.ip)}`;
      const failuresKey = `login:failures:${account}`;
      const fromHere = await counters.hit(fromHereKey, ...AUTH_LIMITS.loginPerAddress);
      if (!fromHere.allowed) throw tooMany(fromHere.retryAfterSeconds);
      const failures = await counters.peek(failuresKey);
      if (failures.count >= AUTH_LIMITS.loginFailuresPerAccount[0] && fromHere.count > 1)
        throw tooMany(failures.retryAfterSeconds);
      // An unknown user still costs one hash (verifyPassword checks a decoy).
      if (!(await verifyPassword(user?.passwordHash, body.password)) || !user) {
        await counters.hit(failuresKey, ...AUTH_LIMITS.loginFailuresPerAccount);
        throw new HttpError(401, AUTH_MESSAGES.badCredentials);
      }
      await counters.reset(fromHereKey);
      return finishSignIn(user, client);
    },

    confirmEmail: async (body: Output<typeof confirmEmailBodySchema>, client: Client) => {
      await requireCaptcha(body, client);
      await limit(`otp:ip:${addressKey(client.ip)}`, AUTH_LIMITS.otpPerIp);
      const user = await findUserByEmail(db, body.email);
      if (!user) throw new HttpError(400, AUTH_MESSAGES.badOtp);
      const purpose = await otp.redeem(user.id, ['confirm_email', 'login'], user.email, body.otp);
      if (!user.isActive) throw new HttpError(403, AUTH_MESSAGES.deactivated);
      if (purpose === 'confirm_email') await updateUser(db, user.id, { emailVerified: true });
      // A sign-in code comes after the right password: this session has the second factor.
      return startSession(user, client, purpose === 'login');
    },

    /** Mails the pending code again: an unconfirmed sign-up's, or a 2FA sign-in's after a right password. */
    resendOtp: async (body: Output<typeof resendOtpBodySchema>, client: Client) => {
      await requireCaptcha(body, client);
      await limit(`mail:ip:${addressKey(client.ip)}`, AUTH_LIMITS.mailPerIp);
      const user = await findUserByEmail(db, body.email);
      if (user?.isActive && !user.emailVerified) {
        await otp.issue(user.id, 'confirm_email', user.email, user.username);
      } else if (user?.isActive && user.is2fa) {
        const pending = await latestOtp(db, user.id, ['login']);
        if (
          pending &&
          !pending.consumedAt &&
          Date.now() - pending.createdAt.getTime() < LOGIN_CODE_RESEND_WINDOW_MS
        ) {
          await otp.issue(user.id, 'login', user.email, user.username);
        }
      }
      return { detail: AUTH_MESSAGES.otpSent };
    },

    /** The same work for every address: the account is looked up and its code mailed after the answer. */
    forgotPassword: async (body: Output<typeof forgotPasswordBodySchema>, client: Client) => {
      await requireCaptcha(body, client);
      await limit(`mail:ip:${addressKey(client.ip)}`, AUTH_LIMITS.mailPerIp);
      afterReply.run('forgot-password', async () => {
        const user = await findUserByEmail(db, body.email);
        if (user?.isActive) await otp.issue(user.id, 'reset_password', user.email, user.username);
      });
      return { detail: 'If an account uses this e-mail, we have sent it a code.' };
    },

    resetPassword: async (body: Output<typeof resetPasswordBodySchema>, client: Client) => {
      await requireCaptcha(body, client);
      await limit(`otp:ip:${addressKey(client.ip)}`, AUTH_LIMITS.otpPerIp);
      await requireUncommon(body.password);
      const user = await findUserByEmail(db, body.email);
      if (!user) throw new HttpError(400, AUTH_MESSAGES.badOtp);
      await otp.redeem(user.id, ['reset_password'], user.email, body.otp);
      if (!user.isActive) throw new HttpError(403, AUTH_MESSAGES.deactivated);
      // A reset proves the mailbox only: its session is not a second-factor one.
      const token = await replacePassword(user, body.password, client, { patch: { emailVerified: true } });
      return { detail: 'Signed in', payload: { token } };
    },

    /** Google or Discord: by the provider's id, else linked by a verified e-mail, else a new account. */
    socialSignIn: async (
      provider: OAuthProvider,
      code: string,
      referee: string | null | undefined,
      client: Client,
    ) => {
      await limit(`login:ip:${addressKey(client.ip)}`, AUTH_LIMITS.loginPerIp);
      const identity = await provider.exchange(code);
      const link =
        provider.name === 'google' ? { googleSub: identity.subject } : { discordId: identity.subject };
      let user = await findUserByProvider(db, provider.name, identity.subject);
      if (!user) {
        if (!identity.email || !identity.emailVerified) {
          throw new HttpError(400, `Your ${provider.label} account has no verified e-mail address`);
        }
        const sameEmail = await findUserByEmail(db, identity.email);
        if (sameEmail) {
          // Linking proves the e-mail now; a password set before anyone had proven it is not kept.
          const proven = {
            ...link,
            emailVerified: true,
            ...(sameEmail.emailVerified ? {} : { passwordHash: null }),
          };
          await updateUser(db, sameEmail.id, proven);
          user = { ...sameEmail, ...proven };
        } else {
          const referrer = referee ? await findUserByReferralCode(db, referee) : undefined;
          user = await createAccount({
            username: await socialUsername({ name: identity.name, email: identity.email }),
            email: identity.email.toLowerCase(),
            passwordHash: null,
            emailVerified: true,
            referredBy: referrer?.id ?? null,
            ...link,
          });
        }
      }
      return finishSignIn(user, client);
    },

    logout: async (account: Account) => {
      if (account.sessionId) await revokeSession(db, account.sessionId);
      return { detail: 'Signed out' };
    },

    /**
     * After re-authentication, the same answer whether or not the new address has an account (no oracle):
     * a free address gets the code, a taken one's owner is told instead, both after the answer.
     */
    requestEmailChange: async (account: Account, body: Output<typeof updateEmailVerificationBodySchema>) => {
      const { user } = account;
      await limit(`mail:account:${user.id}`, AUTH_LIMITS.mailPerAccount);
      if (body.email === user.email) throw new HttpError(400, 'This is already your e-mail address');
      await reauthenticate(account, body);
      afterReply.run('e-mail change', async () => {
        const owner = await findUserByEmail(db, body.email);
        if (owner)
          await enqueueMail(db, { to: owner.email, template: 'email-in-use', data: {}, userId: owner.id });
        else await otp.issue(user.id, 'change_email', body.email);
      });
      return { detail: AUTH_MESSAGES.otpSent };
    },

    /** The new address, proven by its code; the other sessions end and the old address is told. */
    changeEmail: async (account: Account, body: Output<typeof updateEmailBodySchema>) => {
      const { user } = account;
      await otp.redeem(user.id, ['change_email'], body.email, body.otp);
      try {
        await db.transaction(async (tx) => {
          const t = tx as unknown as Db;
          await updateUserAndRevokeSessions(
            t,
            user.id,
            { email: body.email, emailVerified: true },
            { keep: account.sessionId },
          );
          await enqueueMail(t, {
            to: user.email,
            template: 'email-changed',
            data: { newEmail: body.email },
            userId: user.id,
          });
        });
      } catch (error) {
        if (violatedUniqueIndex(error) === 'users_email_lower')
          throw new HttpError(409, 'This e-mail address is already in use');
        throw error;
      }
      return { detail: `Your e-mail address is now ${body.email}` };
    },

    /** A new password revokes every session, this one too, and answers a fresh token for this device. */
    changePassword: async (
      account: Account,
      body: Output<typeof updatePasswordBodySchema>,
      client: Client,
    ) => {
      await limit(`password:account:${account.user.id}`, AUTH_LIMITS.passwordPerAccount);
      if (!account.user.passwordHash) {
        throw new HttpError(
          400,
          'This account has no password yet: set one with "Forgot password" on the sign-in page',
        );
      }
      if (!(await verifyPassword(account.user.passwordHash, body.old_password))) {
        throw new HttpError(400, 'The old password is not right');
      }
      await requireUncommon(body.new_password);
      // This device keeps what its session had: a second-factor session stays one.
      const token = await replacePassword(account.user, body.new_password, client, {
        secondFactor: account.secondFactor === true,
      });
      return { detail: 'Password changed: your other devices are signed out', payload: { token } };
    },

    /**
     * Turning two-factor off is a security change: it asks for the password (or a mailed code). Turning it on
     * proves the mailed code first (issue #28), so the address works before sign-in depends on it; this session
     * stays what it was: the console needs a new sign-in with the code.
     */
    setTwoFactor: async (account: Account, enabled: boolean, proof: Reauth) => {
      if (enabled !== account.user.is2fa) {
        if (enabled) await proveMailedCode(account.user, proof);
        else await reauthenticate(account, proof);
        await updateUser(db, account.user.id, { is2fa: enabled });
      }
      return {
        detail: enabled ? 'Two-factor authentication is on' : 'Two-factor authentication is off',
        payload: { is_2fa: enabled },
      };
    },

    deactivate: async (account: Account, proof: Reauth) => {
      await reauthenticate(account, proof);
      await updateUserAndRevokeSessions(db, account.user.id, { isActive: false });
      return { detail: AUTH_MESSAGES.deactivated };
    },
  };
};
