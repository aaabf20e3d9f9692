import { CAPTCHA_FIELD, type Endpoint, type z } from '@proxydesk/contract';
import { ApiError, call } from '../../../lib/api';
import { appUrl } from '../../../lib/app-paths';
import { takeReturnPath } from '../../../lib/return-path';
import { storeToken } from '../../../lib/token';
import { captchaToken } from '../captcha';
import { rememberPendingEmail } from '../pending-email';

/** Sends an auth form with the captcha answer the shop asks for. */
export const callWithCaptcha = async <E extends Endpoint>(
  endpoint: E,
  body: object,
  action: string,
): Promise<z.output<E['response']>> =>
  call(endpoint, { body: { ...body, [CAPTCHA_FIELD]: await captchaToken(action) } as never });

/** Signed in: keep the token and start the app again at / (SPEC.md §4), or where the visitor was going. */
export const signedIn = ({ payload }: { payload: { token: string } }): void => {
  storeToken(payload.token);
  window.location.assign(appUrl(takeReturnPath()));
};

/** The address a 422 answer says a code was mailed to (SPEC.md §4: go confirm it), or null. */
export const otpEmail = (error: unknown): string | null => {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const email = (error.payload as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email : null;
};

/** What the confirm page carries: the server's detail and whether the code signs in (two-factor). */
export interface ConfirmState {
  notice: string;
  signIn: boolean;
}

/**
 * For a 422, remembers the address and says where to go, carrying the server's detail for the confirm page
 * to show as a warning (SPEC.md §8) and whether the code is a two-factor sign-in's; other errors stay with the form.
 */
export const confirmStep = (error: unknown): { to: string; state: ConfirmState } | null => {
  const email = otpEmail(error);
  if (!email) return null;
  rememberPendingEmail(email);
  const { detail, payload } = error as ApiError;
  const signIn = (payload as { purpose?: unknown } | undefined)?.purpose === 'sign-in';
  return { to: '/confirm-authentication', state: { notice: detail, signIn } };
};
