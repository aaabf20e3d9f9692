import { createAuthSteps, type AuthDependencies } from './auth-steps.js';
import { createCodes } from './codes.service.js';
import { createReauthentication, createSecurityChanges } from './reauth.service.js';
import { createSignIn } from './sign-in.service.js';
import { createSignUp } from './sign-up.service.js';
import { createTwoFactor } from './two-factor.service.js';

export { AUTH_LIMITS, SESSION_LIFETIME_DAYS, type AuthDependencies, type Client } from './auth-steps.js';

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * What the auth routes call, one file a line of it: sign-up, sign-in (password, Google, Discord), the mailed
 * codes, the security changes behind re-authentication, and two-factor sign-in; the steps they share in
 * auth-steps.ts.
 */
export const createAuthService = (dependencies: AuthDependencies) => {
  const steps = createAuthSteps(dependencies);
  const reauthentication = createReauthentication(dependencies, steps);
  return {
    ...createSignUp(dependencies, steps),
    ...createSignIn(dependencies, steps),
    ...createCodes(dependencies, steps),
    ...createSecurityChanges(dependencies, steps, reauthentication),
    ...createTwoFactor(dependencies, reauthentication),
  };
};
