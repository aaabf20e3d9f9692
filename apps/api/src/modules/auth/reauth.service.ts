import {
  AUTH_MESSAGES,
  type updateEmailBodySchema,
  type updateEmailVerificationBodySchema,
  type updatePasswordBodySchema,
} from '@proxydesk/contract';
import {
  findUserByEmail,
  updateUserAndRevokeSessions,
  violatedUniqueIndex,
  type Db,
  type User,
} from '@proxydesk/db';
import { HttpError } from '../../lib/http-error.js';
import type { Account } from '../../plugins/authenticate.js';
import { enqueueMail } from '../mail/outbox.js';
import {
  AUTH_LIMITS,
  type AuthDependencies,
  type AuthSteps,
  type Client,
  type Output,
  type Reauth,
} from './auth-steps.js';
import { verifyPassword } from './credentials.js';

export type Reauthentication = ReturnType<typeof createReauthentication>;

/** The proofs a security change asks for: the current password, or a code mailed to the current address. */
export const createReauthentication = ({ otp }: AuthDependencies, steps: AuthSteps) => {
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
    await steps.limit(`password:account:${user.id}`, AUTH_LIMITS.passwordPerAccount);
    if (user.passwordHash) {
      if (!proof?.password) throw new HttpError(400, AUTH_MESSAGES.currentPasswordNeeded);
      if (!(await verifyPassword(user.passwordHash, proof.password)))
        throw new HttpError(400, AUTH_MESSAGES.currentPasswordWrong);
      return;
    }
    await proveMailedCode(user, proof);
  };

  return { proveMailedCode, reauthenticate };
};

/** The account's security changes: its e-mail address, its password, its deactivation. */
export const createSecurityChanges = (
  { db, afterReply, otp }: AuthDependencies,
  steps: AuthSteps,
  { reauthenticate }: Reauthentication,
) => ({
  /**
   * After re-authentication, the same answer whether or not the new address has an account (no oracle):
   * a free address gets the code, a taken one's owner is told instead, both after the answer.
   */
  requestEmailChange: async (account: Account, body: Output<typeof updateEmailVerificationBodySchema>) => {
    const { user } = account;
    await steps.limit(`mail:account:${user.id}`, AUTH_LIMITS.mailPerAccount);
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
  changePassword: async (account: Account, body: Output<typeof updatePasswordBodySchema>, client: Client) => {
    await steps.limit(`password:account:${account.user.id}`, AUTH_LIMITS.passwordPerAccount);
    if (!account.user.passwordHash) {
      throw new HttpError(
        400,
        'This account has no password yet: set one with "Forgot password" on the sign-in page',
      );
    }
    if (!(await verifyPassword(account.user.passwordHash, body.old_password))) {
      throw new HttpError(400, 'The old password is not right');
    }
    await steps.requireUncommon(body.new_password);
    // This device keeps what its session had: a second-factor session stays one.
    const token = await steps.replacePassword(account.user, body.new_password, client, {
      secondFactor: account.secondFactor === true,
    });
    return { detail: 'Password changed: your other devices are signed out', payload: { token } };
  },

  deactivate: async (account: Account, proof: Reauth) => {
    await reauthenticate(account, proof);
    await updateUserAndRevokeSessions(db, account.user.id, { isActive: false });
    return { detail: AUTH_MESSAGES.deactivated };
  },
});
