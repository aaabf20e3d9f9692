import { layout, type MailContent, type MailContext } from './layout.js';
import { lifecycleTemplates } from './lifecycle-templates.js';
import type { Mail } from './mailer.js';

export type OtpMailPurpose = 'confirm_email' | 'login' | 'reset_password' | 'change_email' | 'reauthenticate';

const OTP_TEXT: Record<OtpMailPurpose, { subject: string; heading: string; why: string }> = {
  confirm_email: {
    subject: 'Confirm your e-mail',
    heading: 'Your confirmation code',
    why: 'Enter it to finish creating your account.',
  },
  login: {
    subject: 'Your sign-in code',
    heading: 'Your sign-in code',
    why: 'Enter it to finish signing in.',
  },
  reset_password: {
    subject: 'Reset your password',
    heading: 'Your password reset code',
    why: 'Enter it with your new password.',
  },
  change_email: {
    subject: 'Confirm your new e-mail',
    heading: 'Your code to change e-mail',
    why: 'Enter it in Security Settings to use this address.',
  },
  reauthenticate: {
    subject: 'Confirm a change to your account',
    heading: 'Your code to confirm a security change',
    why: 'Enter it in Security Settings to confirm the change you asked for.',
  },
};

const signInUrl = ({ publicUrl }: MailContext) => `${publicUrl}/login`;

const notYou = (context: MailContext) =>
  `If this was not you, sign in at ${signInUrl(context)} (or use "Forgot password" there) and secure your account at once.`;

/** Security and account mails (issues #3, #15): sent whatever the customer's notification settings. */
export const accountTemplates = {
  /** A code; `username` names the account it is for (a sign-up confirms that account, issue #15). */
  otp: (d: { purpose: OtpMailPurpose; code: string; minutes: number; username?: string }): MailContent => {
    const t = OTP_TEXT[d.purpose];
    return {
      subject: t.subject,
      heading: t.heading,
      code: d.code,
      paragraphs: [
        ...(d.username ? [`This code is for the account "${d.username}".`] : []),
        t.why,
        `The code works once, for ${d.minutes} minutes.`,
        'If you did not ask for it, ignore this mail: nothing changes without the code.',
      ],
    };
  },

  /** Someone signed up with an address that already has an account: tell its owner, tell the visitor nothing. */
  'account-exists': (_: Record<string, never>, context: MailContext): MailContent => ({
    subject: 'You already have an account',
    heading: 'You already have an account',
    paragraphs: [
      'Someone, probably you, tried to create a new account with this e-mail address.',
      `Sign in at ${signInUrl(context)}, or use "Forgot password" there if you do not remember your password.`,
      'If it was not you, ignore this mail.',
    ],
  }),

  /** Told to the old address after an e-mail change (issue #15). */
  'email-changed': (d: { newEmail: string }, context: MailContext): MailContent => ({
    subject: 'Your e-mail address was changed',
    heading: 'Your e-mail address was changed',
    paragraphs: [
      `Your account's e-mail address is now ${d.newEmail}; mails go there from now on. Other devices were signed out.`,
      notYou(context),
    ],
  }),

  /** Told to the account's address after a password change or reset (issue #15). */
  'password-changed': (_: Record<string, never>, context: MailContext): MailContent => ({
    subject: 'Your password was changed',
    heading: 'Your password was changed',
    paragraphs: [
      'The password of your account was just changed, and every other device was signed out.',
      notYou(context),
    ],
  }),

  /** Someone asked to move another account to this address: its owner is told, the asker learns nothing. */
  'email-in-use': (_: Record<string, never>, context: MailContext): MailContent => ({
    subject: 'Someone tried to use your e-mail address',
    heading: 'Your address is already yours',
    paragraphs: [
      'Someone signed in to another account asked to change its e-mail address to this one. Nothing was changed: this address stays with your account.',
      `If you want to check your account, sign in at ${signInUrl(context)}.`,
    ],
  }),
};

/** Every mail the shop sends, by the name the outbox stores. */
export const MAIL_TEMPLATES = { ...accountTemplates, ...lifecycleTemplates };

export type TemplateName = keyof typeof MAIL_TEMPLATES;
export type TemplateData<N extends TemplateName> = Parameters<(typeof MAIL_TEMPLATES)[N]>[0];

/** A stored mail as it is sent; an unknown template name (a row from a newer version) throws. */
export const renderMail = (
  template: string,
  data: Record<string, unknown>,
  to: string,
  context: MailContext,
): Mail => {
  const render = (MAIL_TEMPLATES as Record<string, (d: unknown, c: MailContext) => MailContent>)[template];
  if (!render) throw new Error(`No mail template "${template}"`);
  return layout(context, to, render(data, context));
};
