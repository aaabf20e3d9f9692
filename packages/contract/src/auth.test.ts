import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  authEndpoints,
  confirmEmailBodySchema,
  otpSchema,
  resetPasswordBodySchema,
  signupBodySchema,
} from './auth.js';

const firstMessage = (result: { error?: { issues: { message: string }[] } | undefined }) =>
  result.error?.issues[0]?.message;

describe('account schemas (SPEC.md §5)', () => {
  it('takes the OTP as six digits, string or number, leading zeros restored', () => {
    expect(otpSchema.parse(' 012345 ')).toBe('012345');
    expect(otpSchema.parse(12345)).toBe('012345');
    for (const bad of ['12345', '1234567', 'abcdef', '', 1234567, -1, 1.5]) {
      expect(otpSchema.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(firstMessage(confirmEmailBodySchema.safeParse({ email: 'a@b.co', otp: '12' }))).toBe(
      'Enter the 6-digit code',
    );
  });

  it('normalises the e-mail and checks the sign-up fields', () => {
    const body = signupBodySchema.parse({
      username: ' ann_1 ',
      email: ' Ann@Example.COM ',
      password: 'long enough',
    });
    expect(body).toMatchObject({ username: 'ann_1', email: 'ann@example.com' });
    expect(
      firstMessage(signupBodySchema.safeParse({ username: 'ann', email: 'nope', password: 'long enough' })),
    ).toBe('Enter a valid e-mail address');
    expect(
      firstMessage(signupBodySchema.safeParse({ username: 'ann', email: 'a@b.co', password: 'short' })),
    ).toBe('Password must be at least 8 characters');
    expect(
      signupBodySchema.safeParse({ username: 'a b', email: 'a@b.co', password: 'long enough' }).success,
    ).toBe(false);
    expect(
      signupBodySchema.safeParse({ username: 'ann', email: 'a@b.co', password: 'x'.repeat(129) }).success,
    ).toBe(false);
  });

  it('says "Passwords doesn\'t matched." when the new passwords differ', () => {
    const result = resetPasswordBodySchema.safeParse({
      email: 'a@b.co',
      otp: '123456',
      password: 'new password 1',
      cnf_password: 'new password 2',
    });
    expect(result.error?.issues[0]).toMatchObject({
      message: AUTH_MESSAGES.resetPasswordMismatch,
      path: ['cnf_password'],
    });
  });

  it('reads the two-factor path value as a boolean', () => {
    const params = authEndpoints.twoFactor.params!;
    expect(params.parse({ value: 'true' })).toEqual({ value: true });
    expect(params.parse({ value: 'False' })).toEqual({ value: false });
    expect(params.safeParse({ value: 'maybe' }).success).toBe(false);
  });
});
