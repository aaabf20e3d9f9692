import type { ServerResponse } from 'node:http';

/** A fake provider's small hosted pages (checkout, invoice): plain HTML forms, no JavaScript. */

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small hosted page (checkout, invoice) of a fake provider. */
export const sendPage = (res: ServerResponse, status: number, title: string, html: string) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${html}</body></html>`,
  );
};

/** A hosted page's Pay button: posts `action=pay` to the page itself. */
export const PAY_FORM = `<form method="post"><input type="hidden" name="action" value="pay"><button type="submit">Pay</button></form>`;

/** Back to the shop after a hosted page's button. */
export const redirect = (res: ServerResponse, location: string) => {
  res.writeHead(303, { location });
  res.end();
};
