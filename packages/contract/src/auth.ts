import { z } from './zod.js';
import { defineEndpoint } from './endpoint.js';
import { withPayload } from './envelope.js';

/** Name of the cookie that holds the session token in the browser (SPEC.md §6). */
export const TOKEN_COOKIE = 'token';

const captcha = { 'g-recaptcha-response': z.optional(z.string()) };

export const loginBodySchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, 'Username is required'), z.maxLength(150)),
  password: z.string().check(z.minLength(1, 'Password is required'), z.maxLength(128)),
  ...captcha,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const tokenPayloadSchema = withPayload(z.object({ token: z.string() }));
/** A 422 answer: an OTP was mailed to `payload.email`. */
export const otpNeededSchema = withPayload(z.object({ email: z.string() }));

export const accessSchema = z
  .object({
    isReseller: z.boolean(),
    apiKey: z.nullable(z.string()),
    is_2fa: z.boolean(),
    is_active: z.boolean(),
    /** Reseller balance in euro. */
    balance: z.number(),
  })
  .check(z.meta({ id: 'Access' }));
export type Access = z.infer<typeof accessSchema>;

export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/v1/auth/login',
    summary: 'Sign in with username and password',
    tag: 'auth',
    access: 'public',
    body: loginBodySchema,
    response: tokenPayloadSchema,
  }),
  access: defineEndpoint({
    method: 'GET',
    path: '/v1/auth/access',
    summary: 'Who am I: reseller flag, API key, 2FA, active, balance',
    tag: 'auth',
    access: 'user',
    response: withPayload(accessSchema),
  }),
};
