import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { SmtpCapture } from './smtp.js';
import { otpFrom } from './smtp.js';

export interface Answer {
  status: number;
  // A JSON answer, read loosely by the tests.
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  apiKey?: string;
  ip?: string;
}

/** Calls the app like a client would: JSON in and out, a bearer token or an API key. */
export const apiClient = (app: FastifyInstance) => {
  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options: CallOptions = {},
  ): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.apiKey) headers.authorization = `Api-Key ${options.apiKey}`;
    const res = await app.inject({
      method,
      url,
      headers,
      ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
      ...(options.ip ? { remoteAddress: options.ip } : {}),
    });
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  };
  return {
    get: (url: string, options?: CallOptions) => call('GET', url, options),
    post: (url: string, body?: unknown, options?: CallOptions) => call('POST', url, { ...options, body }),
    put: (url: string, body?: unknown, options?: CallOptions) => call('PUT', url, { ...options, body }),
    patch: (url: string, body?: unknown, options?: CallOptions) => call('PATCH', url, { ...options, body }),
    delete: (url: string, options?: CallOptions) => call('DELETE', url, options),
  };
};
export type ApiClient = ReturnType<typeof apiClient>;

export const PASSWORD = 'violet kettle 42 drums';

/** Signs up, reads the mailed code and confirms it, like a new customer: answers the session token. */
export const signUp = async (
  api: ApiClient,
  smtp: SmtpCapture,
  account: { username: string; email: string; password?: string; referee?: string },
): Promise<string> => {
  const after = Date.now();
  const signup = await api.post('/v1/auth/signup', { password: PASSWORD, ...account });
  expect(signup.status, JSON.stringify(signup.body)).toBe(422);
  const code = otpFrom(await smtp.waitFor(account.email, { after }));
  const confirmed = await api.post('/v1/auth/confirm-email', { email: account.email, otp: code });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return confirmed.body.payload.token as string;
};

/** Signs in with the password and then the mailed sign-in code (two-factor on): answers the session token. */
export const signInWithCode = async (
  api: ApiClient,
  smtp: SmtpCapture,
  account: { username: string; email: string; password?: string },
): Promise<string> => {
  const after = Date.now();
  const login = await api.post('/v1/auth/login', {
    username: account.username,
    password: account.password ?? PASSWORD,
  });
  expect(login.status, JSON.stringify(login.body)).toBe(422);
  const code = otpFrom(await smtp.waitFor(account.email, { after }));
  const confirmed = await api.post('/v1/auth/confirm-email', { email: account.email, otp: code });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return confirmed.body.payload.token as string;
};

/** Turns two-factor on as Settings does: the first call mails a code (422), the second sends it. */
export const turnOnTwoFactor = async (api: ApiClient, smtp: SmtpCapture, token: string, email: string) => {
  const after = Date.now();
  const asked = await api.post('/v1/auth/two-factor/true', {}, { token });
  expect(asked.status, JSON.stringify(asked.body)).toBe(422);
  const otp = otpFrom(await smtp.waitFor(email, { after }));
  const done = await api.post('/v1/auth/two-factor/true', { otp }, { token });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
};
