import { authEndpoints, loginBodySchema, type LoginBody } from '@proxydesk/contract';
import { callWithCaptcha } from './auth-call';
import { confirmStep, signedIn } from './auth-outcome';

/** The sign-in form's schema and call: a chunk of their own, fetched once the page is shown (api/login.ts). */
export { loginBodySchema };

/**
 * Signs in: the token kept and the app started again at / (SPEC.md §4); for a 422, where to confirm the code
 * that was mailed (the address remembered), which is no failure of the form.
 */
export const login = async (body: LoginBody) => {
  try {
    signedIn(await callWithCaptcha(authEndpoints.login, body, 'login'));
    return null;
  } catch (error) {
    const next = confirmStep(error);
    if (next) return next;
    throw error;
  }
};
