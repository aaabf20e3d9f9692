import { authEndpoints } from '@proxydesk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import { route } from '../../lib/route.js';
import type { CaptchaService } from '../captcha/captcha.service.js';
import type { UserService } from '../user/user.service.js';
import type { AuthService, Client } from './auth.service.js';
import type { OAuthProvider } from './oauth.js';

const clientOf = (request: FastifyRequest): Client => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
});

const notConfigured = (label: string) =>
  new HttpError(404, `Sign-in with ${label} is not configured on this shop`);

const publicProvider = (provider: OAuthProvider | null) =>
  provider ? { clientId: provider.clientId, authorizeUrl: provider.authorizeUrl } : null;

/** The shop's settings that the logged-out pages show: reCAPTCHA's site key and where to ask for help. */
export interface ShopPublic {
  recaptchaSiteKey: string | null;
  supportUrl: string | null;
}

/** GET /v1/auth/config's payload: the captcha the forms solve, the social sign-ins offered, the support link. */
export const publicAuthConfig = (
  captcha: CaptchaService,
  oauth: { google: OAuthProvider | null; discord: OAuthProvider | null },
  shop: ShopPublic,
) => ({
  captcha: captcha.provider,
  recaptchaSiteKey: captcha.provider === 'recaptcha' ? shop.recaptchaSiteKey : null,
  google: publicProvider(oauth.google),
  discord: publicProvider(oauth.discord),
  supportUrl: shop.supportUrl,
});

/** SPEC.md §7 `/v1/auth/*` (DESIGN.md §2, §3). */
export const authRoutes = (
  app: FastifyInstance,
  {
    auth,
    users,
    captcha,
    oauth,
  }: {
    auth: AuthService;
    users: UserService;
    captcha: CaptchaService;
    oauth: { google: OAuthProvider | null; discord: OAuthProvider | null };
  },
  shop: ShopPublic,
): void => {
  const config = { payload: publicAuthConfig(captcha, oauth, shop) };
  route(app, authEndpoints.config, () => Promise.resolve(config));
  route(app, authEndpoints.captchaChallenge, async () => {
    if (captcha.provider !== 'pow')
      throw new HttpError(404, 'This shop does not use the proof-of-work captcha');
    const challenge = await captcha.challenge();
    return { payload: { ...challenge, parameters: { ...challenge.parameters } } };
  });

  route(app, authEndpoints.signup, ({ body, request }) => auth.signup(body, clientOf(request)));
  route(app, authEndpoints.login, ({ body, request }) => auth.login(body, clientOf(request)));
  route(app, authEndpoints.confirmEmail, ({ body, request }) => auth.confirmEmail(body, clientOf(request)));
  route(app, authEndpoints.resendOtp, ({ body, request }) => auth.resendOtp(body, clientOf(request)));
  route(app, authEndpoints.forgotPassword, ({ body, request }) =>
    auth.forgotPassword(body, clientOf(request)),
  );
  route(app, authEndpoints.resetPassword, ({ body, request }) => auth.resetPassword(body, clientOf(request)));
  route(app, authEndpoints.google, ({ body, request }) => {
    if (!oauth.google) throw notConfigured('Google');
    return auth.socialSignIn(oauth.google, body.token, body.referee, clientOf(request));
  });
  route(app, authEndpoints.discord, ({ body, request }) => {
    if (!oauth.discord) throw notConfigured('Discord');
    return auth.socialSignIn(oauth.discord, body.code, body.referee, clientOf(request));
  });

  route(app, authEndpoints.access, async ({ account }) => ({ payload: await users.access(account) }));
  route(app, authEndpoints.logout, ({ account }) => auth.logout(account));
  route(app, authEndpoints.updateEmailVerification, ({ account, body }) =>
    auth.requestEmailChange(account, body),
  );
  route(app, authEndpoints.updateEmail, ({ account, body }) => auth.changeEmail(account, body));
  route(app, authEndpoints.updatePassword, ({ account, body, request }) =>
    auth.changePassword(account, body, clientOf(request)),
  );
  route(app, authEndpoints.twoFactor, ({ account, params, body }) =>
    auth.setTwoFactor(account, params.value, body),
  );
  route(app, authEndpoints.deactivate, ({ account, body }) => auth.deactivate(account, body));
};
