import { adminReason, customerPost } from './admin-shared.js';
import { emailSchema } from './auth.js';
import { detailOnly } from './envelope.js';
import { z } from './zod.js';

/**
 * What an operator does to one customer (issue #17 §3). Each asks for a reason and writes its audit row, with
 * before → after, in the transaction of the change. Support may only resend the confirmation and revoke sessions.
 */
const withReason = <T extends Record<string, z.ZodMiniType>>(shape: T) =>
  z.object({ ...shape, reason: adminReason });
const reasonOnly = withReason({});

const action = <B extends z.ZodMiniType>(
  path: string,
  summary: string,
  access: 'staff' | 'operator',
  body: B,
) => customerPost(path, summary, access, body, detailOnly);

export const adminCustomerActions = {
  setActive: action(
    'active',
    'Deactivate (signing the customer out everywhere) or reactivate an account',
    'operator',
    withReason({ active: z.boolean('Say whether the account is active') }),
  ),
  resetTwoFactor: action(
    'reset-2fa',
    'Turn off two-factor authentication for a customer who lost it',
    'operator',
    reasonOnly,
  ),
  setReseller: action(
    'reseller',
    'Make a customer a reseller (Balance page, API key), or a customer again',
    'operator',
    withReason({ reseller: z.boolean('Say whether the account is a reseller') }),
  ),
  revokeSessions: action('revoke-sessions', 'Sign the customer out on every device', 'staff', reasonOnly),
  rotateProxyPassword: action(
    'proxy-password',
    'A new proxy password: the gateways refuse the old one at once',
    'operator',
    reasonOnly,
  ),
  resendConfirmation: action(
    'resend-confirmation',
    'Mail an unconfirmed customer a new confirmation code',
    'staff',
    reasonOnly,
  ),
  giftPlan: action(
    'gift',
    'Extend a plan by some days or add GB to it, free of charge',
    'operator',
    withReason({
      plan_id: z.string().check(z.maxLength(64)),
      days: z.optional(z.int('Days is a whole number').check(z.gte(1, 'At least 1 day'), z.lte(3650))),
      gb: z.optional(z.number('GB is a number').check(z.gt(0, 'More than 0 GB'), z.lte(100_000))),
    }),
  ),
  changeEmail: action(
    'email',
    "Change a customer's e-mail address (their other sessions end, the old address is told)",
    'operator',
    withReason({ email: emailSchema }),
  ),
};
