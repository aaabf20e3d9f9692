import { centsToEuro } from '@proxydesk/contract';
import type { InvoiceRow } from '@proxydesk/db';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const money = (cents: number) =>
  new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(centsToEuro(cents));

/** The sandbox gateway's hosted page: plain HTML forms, works without JavaScript (DESIGN.md §2). */
export const sandboxPage = (brand: string, invoice: InvoiceRow | undefined): string => {
  const body = !invoice
    ? '<h1>Payment not found</h1><p>This payment link is not valid.</p>'
    : invoice.paid
      ? `<h1>Already paid</h1><p>${escapeHtml(invoice.planName)} — ${money(invoice.priceCents)}</p>
         <a class="button" href="/invoice/${invoice.id}">Back to the invoice</a>`
      : `<p class="badge">Test payment · no money moves</p>
         <h1>${escapeHtml(invoice.planName)}</h1>
         <p class="amount">${money(invoice.priceCents)}</p>
         <form method="post" action="/sandbox/pay/${invoice.id}"><input type="hidden" name="action" value="pay">
           <button class="button" type="submit">Pay ${money(invoice.priceCents)}</button></form>
         <form method="post" action="/sandbox/pay/${invoice.id}"><input type="hidden" name="action" value="cancel">
           <button class="link" type="submit">Cancel</button></form>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay · ${escapeHtml(brand)}</title>
<style>
:root{color-scheme:light dark;--bg:#f4f5f7;--card:#fff;--text:#1a1b1e;--dim:#5c5f66;--accent:#228be6}
@media (prefers-color-scheme:dark){:root{--bg:#101113;--card:#1a1b1e;--text:#e9ecef;--dim:#a6a7ab;--accent:#4dabf7}}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--text);font:16px/1.5 -apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif}
main{background:var(--card);border-radius:12px;padding:32px;width:min(420px,calc(100vw - 32px));box-shadow:0 4px 24px rgba(0,0,0,.08);box-sizing:border-box}
.brand{font-weight:700;margin-bottom:24px}h1{font-size:20px;margin:0 0 4px}.amount{font-size:32px;font-weight:700;margin:8px 0 24px}
.badge{display:inline-block;font-size:12px;font-weight:600;color:var(--dim);border:1px solid currentColor;border-radius:99px;padding:2px 10px;margin:0 0 12px}
.button{display:block;width:100%;box-sizing:border-box;text-align:center;text-decoration:none;background:var(--accent);color:#fff;border:0;border-radius:8px;padding:12px;font:inherit;font-weight:600;cursor:pointer}
.link{display:block;width:100%;margin-top:8px;background:none;border:0;color:var(--dim);font:inherit;padding:10px;cursor:pointer}
.button:focus-visible,.link:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
</style></head><body><main><div class="brand">${escapeHtml(brand)}</div>${body}</main></body></html>`;
};
