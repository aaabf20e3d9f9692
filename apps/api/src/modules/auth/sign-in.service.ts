import { AUTH_MESSAGES, type LoginBody } from '@proxydesk/contract';
import {
  findUserByEmail,
  findUserByLogin,
  findUserByProvider,
  findUserByReferralCode,
  revokeSession,
  updateUser,
  type User,
} from '@proxydesk/db';
import { addressKey } from '../../lib/client-address.js';
import { HttpError } from '../../lib/http-error.js';
import type { Account } from '../../plugins/authenticate.js';
import { AUTH_LIMITS, otpNeeded, type AuthDependencies, type AuthSteps, type Client } from './auth-steps.js';
import { randomString, verifyPassword } from './credentials.js';
import type { OAuthProvider } from './oauth.js';

/** Sign-in with a password or through Google or Discord, and sign-out. */
export const createSignIn = ({ db, otp, counters }: AuthDependencies, steps: AuthSteps) => {
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
    return steps.startSession(user, client);
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
    /**
     * The captcha first, so that requests without one count for nothing; then the address's tries on this
     * account (username and e-mail are one account), before any hashing. An account with ten recent failures
     * takes no more tries from addresses that failed on it, but still one from any other address: its owner
     * signs in from their own while a guesser is refused (issue #15, ADR 004).
     */
    login: async (body: LoginBody, client: Client) => {
      await steps.requireCaptcha(body, client);
      await steps.limit(`login:ip:${addressKey(client.ip)}`, AUTH_LIMITS.loginPerIp);
      const login = body.username.toLowerCase();
      const user = await findUserByLogin(db, login);
      const account = user ? `id:${user.id}` : `name:${login}`;
      const fromHereKey = `login:address:${account}:${addressKey(client.ip)}`;
      const failuresKey = `login:failures:${account}`;
      const fromHere = await counters.hit(fromHereKey, ...AUTH_LIMITS.loginPerAddress);
      if (!fromHere.allowed) throw steps.tooMany(fromHere.retryAfterSeconds);
      const failures = await counters.peek(failuresKey);
      if (failures.count >= AUTH_LIMITS.loginFailuresPerAccount[0] && fromHere.count > 1)
        throw steps.tooMany(failures.retryAfterSeconds);
      // An unknown user still costs one hash (verifyPassword checks a decoy).
      if (!(await verifyPassword(user?.passwordHash, body.password)) || !user) {
        await counters.hit(failuresKey, ...AUTH_LIMITS.loginFailuresPerAccount);
        throw new HttpError(401, AUTH_MESSAGES.badCredentials);
      }
      await counters.reset(fromHereKey);
      return finishSignIn(user, client);
    },

    /** Google or Discord: by the provider's id, else linked by a verified e-mail, else a new account. */
    socialSignIn: async (
      provider: OAuthProvider,
      code: string,
      referee: string | null | undefined,
      client: Client,
    ) => {
      await steps.limit(`login:ip:${addressKey(client.ip)}`, AUTH_LIMITS.loginPerIp);
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
          user = await steps.createAccount({
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
  };
};
