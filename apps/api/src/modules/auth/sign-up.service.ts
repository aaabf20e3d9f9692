import type { signupBodySchema } from '@proxydesk/contract';
import {
  deleteUnconfirmedUser,
  findUserByEmail,
  findUserByReferralCode,
  latestOtp,
  type User,
} from '@proxydesk/db';
import { addressKey } from '../../lib/client-address.js';
import { HttpError } from '../../lib/http-error.js';
import { enqueueMail } from '../mail/outbox.js';
import {
  AUTH_LIMITS,
  otpNeeded,
  type AuthDependencies,
  type AuthSteps,
  type Client,
  type Output,
} from './auth-steps.js';
import { hashPassword } from './credentials.js';

/** Sign-up with a username, an e-mail and a password: the account waits for the mailed code. */
export const createSignUp = ({ db, otp }: AuthDependencies, steps: AuthSteps) => {
  /** Is the latest sign-up code of this unconfirmed account still valid (unused and unexpired)? */
  const pendingCodeLive = async (user: User) => {
    const code = await latestOtp(db, user.id, ['confirm_email']);
    return Boolean(code && !code.consumedAt && code.expiresAt.getTime() > Date.now());
  };

  return {
    signup: async (body: Output<typeof signupBodySchema>, client: Client): Promise<never> => {
      await steps.requireCaptcha(body, client);
      await steps.limit(`mail:ip:${addressKey(client.ip)}`, AUTH_LIMITS.mailPerIp);
      await steps.requireUncommon(body.password);
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
      const user = await steps.createAccount({
        username: body.username,
        email: body.email,
        passwordHash,
        emailVerified: false,
        referredBy: referrer?.id ?? null,
      });
      await otp.issue(user.id, 'confirm_email', user.email, user.username);
      throw otpNeeded(user.email);
    },
  };
};
