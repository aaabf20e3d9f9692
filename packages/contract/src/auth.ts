import { defineEndpoint, type AccessLevel } from './endpoint.js';
import { detailOnly, withPayload } from './envelope.js';
import { CAPTCHA_FIELD } from './auth-names.js';
import { orEmpty } from './form.js';
import { namedObject } from './named-object.js';
import { z } from './zod.js';

/** Messages the customer reads (SPEC.md §8), in one place for the web and the API. */
export const AUTH_MESSAGES = {
  otpSent: "We've sent OTP on your email. Please verify your email address.",
  otpNotDelivered: 'If otp not delivered, please write live chat',
  /** A two-factor sign-in's 422 (issue #19): the code signs in, there is no address to confirm. */
  signInCodeSent: "We've sent a sign-in code to your e-mail. Enter it to finish signing in.",
  resetPasswordMismatch: "Passwords doesn't matched.",
  settingsPasswordMismatch: "passwords didn't matched.",
  badCredentials: 'Invalid username or password',
  deactivated: 'Account deactivated',
  badOtp: 'Invalid or expired code',
  otpExhausted: 'Too many wrong codes: ask for a new one',
  /** Followed by "N minutes": the account's wrong-code budget is spent (issue #15). */
  codesCoolingDown: 'Too many wrong codes for this account: codes work again in',
  /** A security change for an account with no password: a code went to its current address. */
  reauthCodeSent: 'We have sent a code to your e-mail address: enter it to confirm this change.',
  currentPasswordNeeded: 'Enter your current password to confirm this change',
  currentPasswordWrong: 'Your current password is not right',
  commonPassword: 'This password is too common: choose another one',
  captchaFailed: 'Please complete the captcha again',
} as const;

const captcha = { [CAPTCHA_FIELD]: z.optional(z.string().check(z.maxLength(20_000))) };

export const usernameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(3, 'Username must be at least 3 characters'),
    z.maxLength(30, 'Username must be at most 30 characters'),
    z.regex(/^[A-Za-z0-9_.-]*$/, 'Use letters, digits, dots, dashes and underscores only'),
  );

export const emailSchema = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, 'E-mail is required'),
    z.maxLength(254, 'E-mail is too long'),
    z.regex(z.regexes.email, 'Enter a valid e-mail address'),
  );

/** 8–128 characters, no composition rules; the server also refuses the most common ones. */
export const newPasswordSchema = z
  .string()
  .check(
    z.minLength(8, 'Password must be at least 8 characters'),
    z.maxLength(128, 'Password must be at most 128 characters'),
  );

/** Six digits; SPEC.md §5 calls it a number, so a JSON number is taken too (leading zeros restored). */
export const otpSchema = z.pipe(
  z.pipe(
    z.union([z.string().check(z.trim()), z.int().check(z.nonnegative())]),
    z.transform((value) => (typeof value === 'number' ? String(value).padStart(6, '0') : value)),
  ),
  z.string().check(z.regex(/^\d{6}$/, 'Enter the 6-digit code')),
);

/** A referral code; empty means none. */
const referee = z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(64))));

export const loginBodySchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1, 'Username is required'), z.maxLength(150)),
  password: z.string().check(z.minLength(1, 'Password is required'), z.maxLength(128)),
  ...captcha,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const signupBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  referee,
  ...captcha,
});
export type SignupBody = z.input<typeof signupBodySchema>;

export const confirmEmailBodySchema = z.object({ email: emailSchema, otp: otpSchema, ...captcha });
export type ConfirmEmailBody = z.input<typeof confirmEmailBodySchema>;

export const forgotPasswordBodySchema = z.object({ email: emailSchema, ...captcha });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

export const resendOtpBodySchema = z.object({ email: emailSchema, ...captcha });

export const resetPasswordBodySchema = z
  .object({
    email: emailSchema,
    otp: otpSchema,
    password: newPasswordSchema,
    cnf_password: z.string(),
    ...captcha,
  })
  .check(
    z.refine((body) => body.password === body.cnf_password, {
      message: AUTH_MESSAGES.resetPasswordMismatch,
      path: ['cnf_password'],
    }),
  );
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** Google: the authorisation code the browser got back (SPEC.md §7 calls it `token`). */
export const googleBodySchema = z.object({
  token: z.string().check(z.minLength(1, 'token is required'), z.maxLength(4096)),
  referee,
});

/** Discord: the callback's query parameters as they came, plus the referral code. */
export const discordBodySchema = z.looseObject({
  code: z.string().check(z.minLength(1, 'code is required'), z.maxLength(4096)),
  state: z.optional(z.string().check(z.maxLength(512))),
  referee,
});

/**
 * Re-authentication for a security change (DESIGN.md §3): the current `password`, or for an account with
 * none (Google/Discord only) the `otp` mailed to its current address after a first call without it (422).
 */
export const reauthSchema = z.object({
  password: z.optional(z.string().check(z.maxLength(128))),
  /** "" (a form's unused code field) is no code (issue #19 item 10). */
  otp: z.optional(orEmpty(otpSchema)),
});
export type Reauth = z.input<typeof reauthSchema>;

export const updateEmailVerificationBodySchema = z.object({ email: emailSchema, ...reauthSchema.shape });
export type UpdateEmailVerificationBody = z.input<typeof updateEmailVerificationBodySchema>;
export const updateEmailBodySchema = z.object({ email: emailSchema, otp: otpSchema });
export type UpdateEmailBody = z.input<typeof updateEmailBodySchema>;

export const updatePasswordBodySchema = z.object({
  old_password: z.string().check(z.minLength(1, 'Old password is required'), z.maxLength(128)),
  new_password: newPasswordSchema,
});
export type UpdatePasswordBody = z.input<typeof updatePasswordBodySchema>;

/** The settings form: the call's two fields, and the new password typed twice ("passwords didn't matched."). */
export const changePasswordFormSchema = z
  .object({ ...updatePasswordBodySchema.shape, confirm_password: z.string() })
  .check(
    z.refine((form) => form.new_password === form.confirm_password, {
      message: AUTH_MESSAGES.settingsPasswordMismatch,
      path: ['confirm_password'],
    }),
  );
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

export const tokenPayloadSchema = withPayload(z.object({ token: z.string() }));
/**
 * A 422 answer: an OTP was mailed to `payload.email`; `purpose` is `sign-in` when it is a two-factor sign-in's
 * code (absent when it confirms a new address).
 */
export const otpNeededSchema = withPayload(
  z.object({ email: z.string(), purpose: z.optional(z.literal('sign-in')) }),
);

export const accessSchema = namedObject('Access', {
  isReseller: z.boolean(),
  /** The start of the reseller's API key (the whole key is shown once, when made), or null. */
  apiKey: z.nullable(z.string()),
  is_2fa: z.boolean(),
  is_active: z.boolean(),
  /** Who is signed in: the account menu says so (issue #33 item 7). */
  username: z.string(),
  /** The account's current e-mail address (Change Email shows it, issue #19). */
  email: z.string(),
  /** False for accounts made through Google/Discord that never set one: security changes mail a code. */
  has_password: z.boolean(),
  /** Reseller balance in euro. */
  balance: z.number(),
});
export type Access = z.infer<typeof accessSchema>;

export const CAPTCHA_PROVIDERS = ['recaptcha', 'pow', 'off'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

const oauthProvider = z.nullable(z.object({ clientId: z.string(), authorizeUrl: z.string() }));

/** What the sign-in screens need to know: which captcha, which social sign-ins, where to ask for help. */
export const authConfigSchema = namedObject('AuthConfig', {
  captcha: z.enum(CAPTCHA_PROVIDERS),
  recaptchaSiteKey: z.nullable(z.string()),
  google: oauthProvider,
  discord: oauthProvider,
  /** Where customers ask for help (SUPPORT_URL, or a mail to SELLER_EMAIL), or null. */
  supportUrl: z.nullable(z.string()),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** An ALTCHA proof-of-work challenge, passed to the solver as it is. */
export const powChallengeSchema = z.looseObject({
  parameters: z.looseObject({}),
  signature: z.optional(z.string()),
});

const post = <B extends z.ZodMiniType | undefined, R extends z.ZodMiniType>(
  path: string,
  summary: string,
  access: AccessLevel,
  body: B,
  response: R,
) => defineEndpoint({ method: 'POST', path, summary, tag: 'auth', access, body, response });

export const authEndpoints = {
  config: defineEndpoint({
    method: 'GET',
    path: '/v1/auth/config',
    summary: 'Captcha provider and the configured social sign-ins',
    tag: 'auth',
    access: 'public',
    response: withPayload(authConfigSchema),
  }),
  captchaChallenge: defineEndpoint({
    method: 'GET',
    path: '/v1/auth/captcha-challenge',
    summary: 'A fresh proof-of-work challenge (CAPTCHA_PROVIDER=pow)',
    tag: 'auth',
    access: 'public',
    response: withPayload(powChallengeSchema),
  }),
  login: post(
    '/v1/auth/login',
    'Sign in; 422 with payload.email when an OTP was mailed',
    'public',
    loginBodySchema,
    tokenPayloadSchema,
  ),
  signup: post(
    '/v1/auth/signup',
    'Create an account; answers 422 with payload.email: confirm the mailed OTP',
    'public',
    signupBodySchema,
    detailOnly,
  ),
  confirmEmail: post(
    '/v1/auth/confirm-email',
    'Confirm a mailed OTP (sign-up or two-factor sign-in)',
    'public',
    confirmEmailBodySchema,
    tokenPayloadSchema,
  ),
  resendOtp: post(
    '/v1/auth/resend-otp',
    'Mail a new OTP for a pending confirmation',
    'public',
    resendOtpBodySchema,
    detailOnly,
  ),
  forgotPassword: post(
    '/v1/auth/forgot-password',
    'Mail a password reset code',
    'public',
    forgotPasswordBodySchema,
    detailOnly,
  ),
  resetPassword: post(
    '/v1/auth/reset-password',
    'Set a new password with the mailed code',
    'public',
    resetPasswordBodySchema,
    tokenPayloadSchema,
  ),
  google: post(
    '/v1/auth/google',
    'Sign in with a Google authorisation code',
    'public',
    googleBodySchema,
    tokenPayloadSchema,
  ),
  discord: post(
    '/v1/auth/discord',
    'Sign in with the Discord callback parameters',
    'public',
    discordBodySchema,
    tokenPayloadSchema,
  ),
  access: defineEndpoint({
    method: 'GET',
    path: '/v1/auth/access',
    summary: 'Who am I: reseller flag, API key, 2FA, active, balance',
    tag: 'auth',
    access: 'user',
    response: withPayload(accessSchema),
  }),
  logout: post('/v1/auth/logout', 'Revoke this session', 'user', undefined, detailOnly),
  // Account security: a session only, never an API key (issue #15).
  updateEmailVerification: post(
    '/v1/auth/update-email-verification',
    'Mail an OTP to the new address (after the current password)',
    'session',
    updateEmailVerificationBodySchema,
    detailOnly,
  ),
  updateEmail: post(
    '/v1/auth/update-email',
    'Change the e-mail with the OTP sent to it; other sessions are revoked',
    'session',
    updateEmailBodySchema,
    detailOnly,
  ),
  updatePassword: post(
    '/v1/auth/update-password',
    'Change the password; every session is revoked and a new token returned',
    'session',
    updatePasswordBodySchema,
    tokenPayloadSchema,
  ),
  twoFactor: defineEndpoint({
    method: 'POST',
    path: '/v1/auth/two-factor/:value',
    summary: 'Turn two-factor sign-in on (true) or off (false, after the current password)',
    tag: 'auth',
    access: 'session',
    params: z.object({ value: z.stringbool() }),
    body: z.optional(z.nullable(reauthSchema)),
    response: withPayload(z.object({ is_2fa: z.boolean() })),
  }),
  deactivate: post(
    '/v1/auth/deactivate',
    'Deactivate the account and revoke every session (after the current password)',
    'session',
    z.optional(z.nullable(reauthSchema)),
    detailOnly,
  ),
};
