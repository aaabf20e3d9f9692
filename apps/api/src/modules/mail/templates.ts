import type { Mail } from './mailer.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** One layout for every mail: the brand, a heading, paragraphs, an optional code; plain text alongside. */
const layout = (
  brand: string,
  to: string,
  subject: string,
  heading: string,
  paragraphs: string[],
  code?: string,
): Mail => {
  const text = [heading, '', ...(code ? [code, ''] : []), ...paragraphs, '', `— ${brand}`].join('\n');
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f4f5f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1a1b1e">
<table role="presentation" width="100%" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<tr><td style="font-weight:700;font-size:18px;padding-bottom:16px">${escapeHtml(brand)}</td></tr>
<tr><td style="font-size:16px;font-weight:600;padding-bottom:12px">${escapeHtml(heading)}</td></tr>
${code ? `<tr><td style="font-size:32px;letter-spacing:8px;font-weight:700;padding:12px 0 20px">${escapeHtml(code)}</td></tr>` : ''}
${paragraphs.map((p) => `<tr><td style="font-size:14px;line-height:1.5;padding-bottom:8px;color:#495057">${escapeHtml(p)}</td></tr>`).join('\n')}
</table></body></html>`;
  return { to, subject, text, html };
};

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

/** A code mail; `username` names the account the code is for (a sign-up confirms that account, issue #15). */
export const otpMail = (
  brand: string,
  to: string,
  purpose: OtpMailPurpose,
  code: string,
  minutes: number,
  username?: string,
): Mail => {
  const t = OTP_TEXT[purpose];
  return layout(
    brand,
    to,
    `${t.subject} · ${brand}`,
    t.heading,
    [
      ...(username ? [`This code is for the account "${username}".`] : []),
      t.why,
      `The code works once, for ${minutes} minutes.`,
      'If you did not ask for it, ignore this mail: nothing changes without the code.',
    ],
    code,
  );
};

/** Someone signed up with an address that already has an account: tell its owner, tell the visitor nothing. */
export const accountExistsMail = (brand: string, to: string, signInUrl: string): Mail =>
  layout(brand, to, `You already have an account · ${brand}`, 'You already have an account', [
    'Someone, probably you, tried to create a new account with this e-mail address.',
    `Sign in at ${signInUrl}, or use "Forgot password" there if you do not remember your password.`,
    'If it was not you, ignore this mail.',
  ]);

const notYou = (signInUrl: string) =>
  `If this was not you, sign in at ${signInUrl} (or use "Forgot password" there) and secure your account at once.`;

/** Told to the old address after an e-mail change (issue #15). */
export const emailChangedMail = (brand: string, to: string, newEmail: string, signInUrl: string): Mail =>
  layout(brand, to, `Your e-mail address was changed · ${brand}`, 'Your e-mail address was changed', [
    `Your account's e-mail address is now ${newEmail}; mails go there from now on. Other devices were signed out.`,
    notYou(signInUrl),
  ]);

/** Told to the account's address after a password change or reset (issue #15). */
export const passwordChangedMail = (brand: string, to: string, signInUrl: string): Mail =>
  layout(brand, to, `Your password was changed · ${brand}`, 'Your password was changed', [
    'The password of your account was just changed, and every other device was signed out.',
    notYou(signInUrl),
  ]);

/** Someone asked to move another account to this address: its owner is told, the asker learns nothing. */
export const emailInUseMail = (brand: string, to: string, signInUrl: string): Mail =>
  layout(brand, to, `Someone tried to use your e-mail address · ${brand}`, 'Your address is already yours', [
    'Someone signed in to another account asked to change its e-mail address to this one. Nothing was changed: this address stays with your account.',
    `If you want to check your account, sign in at ${signInUrl}.`,
  ]);
