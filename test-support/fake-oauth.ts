import { generateKeyPair, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { jsonAnswers, readRequest, serveFake } from './fake-kit/server.js';

/** Who signs in at the fake provider. `sub` is Google's subject and Discord's user id. */
export interface FakeOAuthUser {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/** What our server sent to the fake, in order. */
export interface FakeOAuthRequest {
  method: string;
  /** The path without the query string. */
  path: string;
  query?: Record<string, string>;
  /** The form (or JSON) body of a POST. */
  body?: Record<string, string>;
}

/** A fake OAuth2 provider (authorization-code flow) on 127.0.0.1. */
export interface FakeOAuth {
  /** Base URL of the fake (GOOGLE_OAUTH_BASE or DISCORD_API_BASE). */
  url: string;
  /** The only client credentials the fake accepts. */
  clientId: string;
  clientSecret: string;
  /** Issue a code for this user, as if they had approved the consent screen (for API tests that skip the browser). */
  issueCode(user: FakeOAuthUser, redirectUri: string): string;
  /** The user that the next browser /authorize visit signs in as (for Playwright tests); each visit uses one. */
  setNextUser(user: FakeOAuthUser): void;
  requests: FakeOAuthRequest[];
  close(): Promise<void>;
}

interface Grant {
  user: FakeOAuthUser;
  redirectUri: string;
  scope: string;
  nonce: string | undefined;
  expiresAt: number;
}

interface Issued {
  user: FakeOAuthUser;
  scope: string;
  expiresAt: number;
}

type Json = Record<string, unknown>;

interface ProviderSpec {
  name: string;
  paths: { authorize: string; token: string; user: string };
  defaultScope: string;
  /** Form only (Discord), or form and JSON (Google). */
  acceptsJson: boolean;
  newCode(): string;
  newAccessToken(): string;
  accessTokenLifetime: number;
  /** Extra fields of a successful token answer. */
  tokenExtras(grant: Grant, baseUrl: string, clientId: string): Json;
  userBody(issued: Issued): Json;
  errorBody(error: string): Json;
  unauthorizedBody: Json;
  /** More GET routes (discovery documents). */
  extraRoutes?(baseUrl: string): Record<string, Json>;
}

const CODE_LIFETIME_MS = 10 * 60_000;
const random = (bytes: number) => randomBytes(bytes).toString('base64url');
const hasScope = (scope: string, wanted: string) => scope.split(/[\s+]+/).includes(wanted);

const sendJson = jsonAnswers({ headers: () => ({ 'cache-control': 'no-store' }) });

const sendText = (res: ServerResponse, status: number, text: string) => {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
};

const parseBody = (
  raw: string,
  contentType: string,
  acceptsJson: boolean,
): Record<string, string> | undefined => {
  if (contentType.startsWith('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(raw));
  if (acceptsJson && contentType.startsWith('application/json')) {
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (typeof parsed !== 'object' || parsed === null) return undefined;
      return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, String(value)]));
    } catch {
      return undefined;
    }
  }
  return undefined;
};

/** Client credentials from the form (client_secret_post) or from HTTP Basic (client_secret_basic). */
const clientCredentials = (
  req: IncomingMessage,
  body: Record<string, string>,
): { id?: string; secret?: string } => {
  const basic = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (basic) {
    const [id = '', secret = ''] = Buffer.from(basic, 'base64')
      .toString('utf8')
      .split(':')
      .map(decodeURIComponent);
    return { id, secret };
  }
  return { id: body.client_id, secret: body.client_secret };
};

const startFakeProvider = async (spec: ProviderSpec): Promise<FakeOAuth> => {
  const slug = spec.name.toLowerCase();
  const clientId = `${slug}-client-${random(6)}`;
  const clientSecret = `${slug}-secret-${random(18)}`;
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, Issued>();
  const nextUsers: FakeOAuthUser[] = [];
  const requests: FakeOAuthRequest[] = [];
  let baseUrl = '';

  const issue = (user: FakeOAuthUser, redirectUri: string, scope: string, nonce?: string) => {
    const code = spec.newCode();
    codes.set(code, {
      user: { ...user },
      redirectUri,
      scope,
      nonce,
      expiresAt: Date.now() + CODE_LIFETIME_MS,
    });
    return code;
  };

  const authorize = (res: ServerResponse, query: URLSearchParams) => {
    const redirectUri = query.get('redirect_uri');
    if (query.get('client_id') !== clientId)
      return sendText(
        res,
        400,
        `${spec.name}: invalid_client (unknown client_id "${query.get('client_id')}")`,
      );
    if (!redirectUri || !URL.canParse(redirectUri))
      return sendText(res, 400, `${spec.name}: invalid_request (missing or malformed redirect_uri)`);
    const target = new URL(redirectUri);
    const state = query.get('state');
    if (state !== null) target.searchParams.set('state', state);
    if (query.get('response_type') !== 'code') {
      target.searchParams.set('error', 'unsupported_response_type');
    } else {
      const user = nextUsers.shift();
      if (!user)
        return sendText(
          res,
          400,
          `${spec.name} fake: no user to sign in as; call setNextUser() before the browser visits /authorize`,
        );
      target.searchParams.set(
        'code',
        issue(user, redirectUri, query.get('scope') ?? spec.defaultScope, query.get('nonce') ?? undefined),
      );
    }
    res.writeHead(302, { location: target.toString(), 'cache-control': 'no-store' });
    res.end();
  };

  const token = (req: IncomingMessage, res: ServerResponse, body: Record<string, string> | undefined) => {
    if (!body) return sendJson(res, 400, spec.errorBody('invalid_request'));
    const client = clientCredentials(req, body);
    if (client.id !== clientId || client.secret !== clientSecret)
      return sendJson(res, 401, spec.errorBody('invalid_client'));
    if (body.grant_type !== 'authorization_code')
      return sendJson(res, 400, spec.errorBody('unsupported_grant_type'));
    const grant = body.code === undefined ? undefined : codes.get(body.code);
    if (!grant || grant.expiresAt < Date.now()) return sendJson(res, 400, spec.errorBody('invalid_grant'));
    codes.delete(body.code!);
    if (body.redirect_uri !== grant.redirectUri)
      return sendJson(
        res,
        400,
        spec.errorBody(spec.name === 'Google' ? 'redirect_uri_mismatch' : 'invalid_grant'),
      );
    const accessToken = spec.newAccessToken();
    tokens.set(accessToken, {
      user: grant.user,
      scope: grant.scope,
      expiresAt: Date.now() + spec.accessTokenLifetime * 1000,
    });
    sendJson(res, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: spec.accessTokenLifetime,
      scope: grant.scope,
      ...spec.tokenExtras(grant, baseUrl, clientId),
    });
  };

  const userinfo = (req: IncomingMessage, res: ServerResponse) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const issued = bearer === undefined ? undefined : tokens.get(bearer);
    if (!issued || issued.expiresAt < Date.now()) {
      return sendJson(res, 401, spec.unauthorizedBody, {
        'www-authenticate': 'Bearer error="invalid_token"',
      });
    }
    sendJson(res, 200, spec.userBody(issued));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const { url, method, headers, raw } = await readRequest(req);
    const record: FakeOAuthRequest = { method, path: url.pathname };
    if (url.search) record.query = Object.fromEntries(url.searchParams);
    let body: Record<string, string> | undefined;
    if (method === 'POST') {
      body = parseBody(raw, headers['content-type'] ?? '', spec.acceptsJson);
      if (body) record.body = body;
    }
    requests.push(record);

    const extra = spec.extraRoutes?.(baseUrl)[url.pathname];
    if (method === 'GET' && extra) return sendJson(res, 200, extra);
    if (method === 'GET' && url.pathname === spec.paths.authorize) return authorize(res, url.searchParams);
    if (method === 'POST' && url.pathname === spec.paths.token) return token(req, res, body);
    if (method === 'GET' && url.pathname === spec.paths.user) return userinfo(req, res);
    const known = [spec.paths.authorize, spec.paths.token, spec.paths.user].includes(url.pathname);
    sendJson(res, known ? 405 : 404, known ? { error: 'method_not_allowed' } : { error: 'not_found' });
  };

  const server = await serveFake(handle, {
    internalError: (error) => ({ error: 'server_error', error_description: String(error) }),
  });
  baseUrl = server.url;

  return {
    url: baseUrl,
    clientId,
    clientSecret,
    issueCode: (user, redirectUri) => issue(user, redirectUri, spec.defaultScope),
    setNextUser: (user) => {
      nextUsers.push({ ...user });
    },
    requests,
    close: server.close,
  };
};

/** An RS256 JWT, signed like Google's ID tokens (the key is published at {url}/certs). */
const signJwt = (payload: Json, key: KeyObject, kid: string) => {
  const encode = (part: Json) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const input = `${encode({ alg: 'RS256', kid, typ: 'JWT' })}.${encode(payload)}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
};

/**
 * Fake Google OAuth2 / OpenID Connect at GOOGLE_OAUTH_BASE: GET /authorize, POST /token, GET /userinfo,
 * plus GET /certs (JWKS of the id_token key) and /.well-known/openid-configuration.
 */
export const startFakeGoogle = async (): Promise<FakeOAuth> => {
  const { privateKey, publicKey } = await new Promise<{ privateKey: KeyObject; publicKey: KeyObject }>(
    (resolve, reject) =>
      generateKeyPair('rsa', { modulusLength: 2048 }, (error, pub, priv) =>
        error ? reject(error) : resolve({ publicKey: pub, privateKey: priv }),
      ),
  );
  const kid = random(8);
  return startFakeProvider({
    name: 'Google',
    paths: { authorize: '/authorize', token: '/token', user: '/userinfo' },
    defaultScope: 'openid email profile',
    acceptsJson: true,
    newCode: () => `4/0${random(32)}`,
    newAccessToken: () => `ya29.${random(48)}`,
    accessTokenLifetime: 3599,
    tokenExtras: (grant, baseUrl, clientId) => {
      if (!hasScope(grant.scope, 'openid')) return {};
      const now = Math.floor(Date.now() / 1000);
      const claims: Json = {
        iss: baseUrl,
        azp: clientId,
        aud: clientId,
        sub: grant.user.sub,
        iat: now,
        exp: now + 3600,
      };
      if (hasScope(grant.scope, 'email'))
        Object.assign(claims, { email: grant.user.email, email_verified: grant.user.emailVerified });
      if (hasScope(grant.scope, 'profile')) claims.name = grant.user.name;
      if (grant.nonce !== undefined) claims.nonce = grant.nonce;
      return { id_token: signJwt(claims, privateKey, kid) };
    },
    userBody: ({ user, scope }) => ({
      sub: user.sub,
      ...(hasScope(scope, 'profile') ? { name: user.name } : {}),
      ...(hasScope(scope, 'email') ? { email: user.email, email_verified: user.emailVerified } : {}),
    }),
    errorBody: (error) => ({
      error,
      error_description: error === 'invalid_client' ? 'Unauthorized' : 'Bad Request',
    }),
    unauthorizedBody: { error: 'invalid_request', error_description: 'Invalid Credentials' },
    extraRoutes: (baseUrl) => ({
      '/certs': { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] },
      '/.well-known/openid-configuration': {
        issuer: baseUrl,
        authorization_endpoint: `${baseUrl}/authorize`,
        token_endpoint: `${baseUrl}/token`,
        userinfo_endpoint: `${baseUrl}/userinfo`,
        jwks_uri: `${baseUrl}/certs`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      },
    }),
  });
};

/** Fake Discord API at DISCORD_API_BASE: GET /oauth2/authorize, POST /oauth2/token, GET /users/@me. */
export const startFakeDiscord = (): Promise<FakeOAuth> =>
  startFakeProvider({
    name: 'Discord',
    paths: { authorize: '/oauth2/authorize', token: '/oauth2/token', user: '/users/@me' },
    defaultScope: 'identify email',
    acceptsJson: false,
    newCode: () => randomBytes(15).toString('hex'),
    newAccessToken: () => randomBytes(15).toString('hex'),
    accessTokenLifetime: 604_800,
    tokenExtras: () => ({ refresh_token: randomBytes(15).toString('hex') }),
    userBody: ({ user, scope }) => ({
      id: user.sub,
      username: user.name.toLowerCase().replace(/[^a-z0-9_.]/g, '') || 'user',
      global_name: user.name,
      discriminator: '0',
      avatar: null,
      ...(hasScope(scope, 'email') ? { email: user.email, verified: user.emailVerified } : {}),
    }),
    errorBody: (error) => ({
      error,
      ...(error === 'invalid_grant' ? { error_description: 'Invalid "code" in request.' } : {}),
    }),
    unauthorizedBody: { message: '401: Unauthorized', code: 0 },
  });

/** The shop's settings that send its Google and Discord sign-in to these fakes. */
export const socialSignInEnv = (google: FakeOAuth, discord: FakeOAuth) => ({
  GOOGLE_CLIENT_ID: google.clientId,
  GOOGLE_CLIENT_SECRET: google.clientSecret,
  GOOGLE_OAUTH_BASE: google.url,
  DISCORD_CLIENT_ID: discord.clientId,
  DISCORD_CLIENT_SECRET: discord.clientSecret,
  DISCORD_API_BASE: discord.url,
});
