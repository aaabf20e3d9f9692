import { HttpError } from '../../lib/http-error.js';

/** Who the provider says signed in. */
export interface OAuthIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
}

export interface OAuthProvider {
  name: 'google' | 'discord';
  label: string;
  clientId: string;
  /** The provider's consent page with every parameter but `state`, which the browser adds. */
  authorizeUrl: string;
  /** Trades the authorisation code for the identity (authorisation-code flow, server side). */
  exchange(code: string): Promise<OAuthIdentity>;
}

interface Endpoints {
  authorize: string;
  token: string;
  user: string;
  scope: string;
}

const GOOGLE: Endpoints = {
  authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
  token: 'https://oauth2.googleapis.com/token',
  user: 'https://openidconnect.googleapis.com/v1/userinfo',
  scope: 'openid email profile',
};
const googleAt = (base: string): Endpoints => ({
  ...GOOGLE,
  authorize: `${base}/authorize`,
  token: `${base}/token`,
  user: `${base}/userinfo`,
});
const discordAt = (base: string): Endpoints => ({
  authorize: `${base}/oauth2/authorize`,
  token: `${base}/oauth2/token`,
  user: `${base}/users/@me`,
  scope: 'identify email',
});

const postForm = async (url: string, form: Record<string, string>): Promise<Response> =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(10_000),
  });

/** A provider, when its client id and secret are set (null otherwise); it sends people back to /{name}/callback. */
const provider = (
  name: OAuthProvider['name'],
  label: string,
  settings: OAuthSettings,
  publicUrl: string,
  endpoints: Endpoints,
  readIdentity: (user: Record<string, unknown>) => OAuthIdentity,
): OAuthProvider | null => {
  const { clientId, clientSecret } = settings;
  if (!clientId || !clientSecret) return null;
  const credentials = { clientId, clientSecret, redirectUri: `${publicUrl}/${name}/callback` };
  const failed = () => new HttpError(400, `${label} sign-in failed: please try again`);
  const query = new URLSearchParams({
    client_id: credentials.clientId,
    redirect_uri: credentials.redirectUri,
    response_type: 'code',
    scope: endpoints.scope,
  });
  return {
    name,
    label,
    clientId: credentials.clientId,
    authorizeUrl: `${endpoints.authorize}?${query.toString()}`,
    exchange: async (code) => {
      const tokenResponse = await postForm(endpoints.token, {
        grant_type: 'authorization_code',
        code,
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        redirect_uri: credentials.redirectUri,
      }).catch(() => undefined);
      if (!tokenResponse?.ok) throw failed();
      const { access_token: accessToken } = (await tokenResponse.json()) as { access_token?: unknown };
      if (typeof accessToken !== 'string') throw failed();
      const userResponse = await fetch(endpoints.user, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(10_000),
      }).catch(() => undefined);
      if (!userResponse?.ok) throw failed();
      const identity = readIdentity((await userResponse.json()) as Record<string, unknown>);
      if (!identity.subject) throw failed();
      return identity;
    },
  };
};

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

export interface OAuthSettings {
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  base?: string | undefined;
}

/** Google, when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set; GOOGLE_OAUTH_BASE points it elsewhere (tests). */
export const googleProvider = (settings: OAuthSettings, publicUrl: string): OAuthProvider | null =>
  provider(
    'google',
    'Google',
    settings,
    publicUrl,
    settings.base ? googleAt(settings.base.replace(/\/+$/, '')) : GOOGLE,
    (user) => ({
      subject: text(user.sub),
      email: text(user.email) || null,
      emailVerified: user.email_verified === true || user.email_verified === 'true',
      name: text(user.name),
    }),
  );

/** Discord, when DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET are set; DISCORD_API_BASE points it elsewhere. */
export const discordProvider = (settings: OAuthSettings, publicUrl: string): OAuthProvider | null =>
  provider(
    'discord',
    'Discord',
    settings,
    publicUrl,
    discordAt((settings.base ?? 'https://discord.com/api').replace(/\/+$/, '')),
    (user) => ({
      subject: text(user.id),
      email: text(user.email) || null,
      emailVerified: user.verified === true,
      name: text(user.global_name) || text(user.username),
    }),
  );
