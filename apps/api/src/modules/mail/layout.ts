import type { Mail } from './mailer.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** What the shop's mails share: its name, and its address for links. */
export interface MailContext {
  brand: string;
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
}

/** One mail's words: a heading, paragraphs, an optional code and an optional button. */
export interface MailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  code?: string;
  action?: { label: string; url: string };
}

/** One layout for every mail: the brand, a heading, paragraphs, an optional code and button; plain text alongside. */
export const layout = ({ brand }: MailContext, to: string, content: MailContent): Mail => {
  const { heading, paragraphs, code, action } = content;
  const text = [
    heading,
    '',
    ...(code ? [code, ''] : []),
    ...paragraphs,
    ...(action ? ['', `${action.label}: ${action.url}`] : []),
    '',
    `— ${brand}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f4f5f7;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1a1b1e">
<table role="presentation" width="100%" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<tr><td style="font-weight:700;font-size:18px;padding-bottom:16px">${escapeHtml(brand)}</td></tr>
<tr><td style="font-size:16px;font-weight:600;padding-bottom:12px">${escapeHtml(heading)}</td></tr>
${code ? `<tr><td style="font-size:32px;letter-spacing:8px;font-weight:700;padding:12px 0 20px">${escapeHtml(code)}</td></tr>` : ''}
${paragraphs.map((p) => `<tr><td style="font-size:14px;line-height:1.5;padding-bottom:8px;color:#495057">${escapeHtml(p)}</td></tr>`).join('\n')}
${action ? `<tr><td style="padding-top:16px"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#228be6;color:#ffffff;text-decoration:none;font-weight:600;font-size:14px;padding:10px 18px;border-radius:6px">${escapeHtml(action.label)}</a></td></tr>` : ''}
</table></body></html>`;
  return { to, subject: `${content.subject} · ${brand}`, text, html };
};
