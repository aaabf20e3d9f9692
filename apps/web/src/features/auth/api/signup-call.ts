import { authEndpoints, signupBodySchema, type SignupBody } from '@proxydesk/contract';
import { callWithCaptcha } from './auth-call';
import { confirmStep } from './auth-outcome';

/** The sign-up form's schema and call: a chunk of their own, fetched once the visitor starts (api/signup.ts). */
export { signupBodySchema };

/**
 * Signs up. The server always answers 422 with the address the code went to (docs/decisions/004): where to
 * confirm it (the address remembered), which is no failure of the form; other errors stay the form's.
 */
export const signup = async (body: SignupBody) => {
  try {
    await callWithCaptcha(authEndpoints.signup, body, 'signup');
    return null;
  } catch (error) {
    const next = confirmStep(error);
    if (next) return next;
    throw error;
  }
};
