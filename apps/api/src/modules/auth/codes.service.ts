import {
  AUTH_MESSAGES,
  type confirmEmailBodySchema,
  type forgotPasswordBodySchema,
  type resendOtpBodySchema,
  type resetPasswordBodySchema,
} from '@proxydesk/contract';
import { findUserByEmail, latestOtp, updateUser } from '@proxydesk/db';
import { addressKey } from '../../lib/client-address.js';
import { HttpError } from '../../lib/http-error.js';
import {
  AUTH_LIMITS,
  type AuthDependencies,
  type AuthSteps,
  type Client,
  type Output,
} from './auth-steps.js';

/** A 2FA sign-in code may be mailed again only for a while after the password was right. */
const LOGIN_CODE_RESEND_WINDOW_MS = 30 * 60_000;

/** The mailed codes: confirming a sign-up or a 2FA sign-in, mailing one again, and the forgotten password. */
export const createCodes = ({ db, afterReply, otp }: AuthDependencies, steps: AuthSteps) => ({
  confirmEmail: async (body: Output<typeof confirmEmailBodySchema>, client: Client) => {
    await steps.requireCaptcha(body, client);
    await steps.limit(`otp:ip:${addressKey(client.ip)}`, AUTH_LIMITS.otpPerIp);
    const user = await findUserByEmail(db, body.email);
    if (!user) throw new HttpError(400, AUTH_MESSAGES.badOtp);
    const purpose = await otp.redeem(user.id, ['confirm_email', 'login'], user.email, body.otp);
    if (!user.isActive) throw new HttpError(403, AUTH_MESSAGES.deactivated);
    if (purpose === 'confirm_email') await updateUser(db, user.id, { emailVerified: true });
    // A sign-in code comes after the right password: this session has the second factor.
    return steps.startSession(user, client, purpose === 'login');
  },

  /** Mails the pending code again: an unconfirmed sign-up's, or a 2FA sign-in's after a right password. */
  resendOtp: async (body: Output<typeof resendOtpBodySchema>, client: Client) => {
    await steps.requireCaptcha(body, client);
    await steps.limit(`mail:ip:${addressKey(client.ip)}`, AUTH_LIMITS.mailPerIp);
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
    await steps.requireCaptcha(body, client);
    await steps.limit(`mail:ip:${addressKey(client.ip)}`, AUTH_LIMITS.mailPerIp);
    afterReply.run('forgot-password', async () => {
      const user = await findUserByEmail(db, body.email);
      if (user?.isActive) await otp.issue(user.id, 'reset_password', user.email, user.username);
    });
    return { detail: 'If an account uses this e-mail, we have sent it a code.' };
  },

  resetPassword: async (body: Output<typeof resetPasswordBodySchema>, client: Client) => {
    await steps.requireCaptcha(body, client);
    await steps.limit(`otp:ip:${addressKey(client.ip)}`, AUTH_LIMITS.otpPerIp);
    await steps.requireUncommon(body.password);
    const user = await findUserByEmail(db, body.email);
    if (!user) throw new HttpError(400, AUTH_MESSAGES.badOtp);
    await otp.redeem(user.id, ['reset_password'], user.email, body.otp);
    if (!user.isActive) throw new HttpError(403, AUTH_MESSAGES.deactivated);
    // A reset proves the mailbox only: its session is not a second-factor one.
    const token = await steps.replacePassword(user, body.password, client, {
      patch: { emailVerified: true },
    });
    return { detail: 'Signed in', payload: { token } };
  },
});
