import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail, type QueuedMail } from '../src/modules/mail/outbox.js';
import type { TemplateName } from '../src/modules/mail/templates.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import { startSmtpCapture, type SmtpCapture } from '../../../test-support/smtp.js';

const SHOP = 'https://shop.example';

describe('the mails customers expect (issue #16 item 4), read from a real SMTP server', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: SHOP, BRAND_NAME: 'Acme Proxies' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const receive = async <N extends TemplateName>(mail: QueuedMail<N>) => {
    await enqueueMail(t.database.db, mail);
    const got = await smtp.waitFor(mail.to);
    expect(got.subject).toMatch(/ · Acme Proxies$/);
    expect(got.html).toContain('Acme Proxies');
    expect(got.text).toContain('— Acme Proxies');
    return got;
  };

  it('payment receipt: plan, amount, method and a link to the invoice', async () => {
    const mail = await receive({
      to: 'paid@example.test',
      template: 'payment-receipt',
      data: { invoiceId: 'inv-1', plan: 'Datacenter 10 IPs, 30 days', amount: '€12.00', method: 'Stripe' },
    });
    expect(mail.subject).toBe('Payment received · Acme Proxies');
    for (const part of ['Datacenter 10 IPs, 30 days', '€12.00', 'Stripe', `${SHOP}/invoice/inv-1`])
      expect(mail.text).toContain(part);
    expect(mail.html).toContain(`href="${SHOP}/invoice/inv-1"`);
  });

  it('top-up receipt', async () => {
    const mail = await receive({
      to: 'topup@example.test',
      template: 'topup-receipt',
      data: { invoiceId: 'inv-2', amount: '€50.00', method: 'CoinGate', balance: '€62.50' },
    });
    expect(mail.subject).toBe('Balance topped up · Acme Proxies');
    expect(mail.text).toContain('Your balance is now €62.50.');
    expect(mail.text).toContain(`${SHOP}/invoice/inv-2`);
  });

  it('plan ends in 3 days and in 24 hours, each with a Renew link to the product page', async () => {
    const data = { plan: 'My DC', product: '/product/datacenter', endsAt: '2026-12-01T10:00:00.000Z' };
    const three = await receive({
      to: 'ends3@example.test',
      template: 'plan-ends',
      data: { ...data, hours: 72 },
    });
    expect(three.subject).toBe('Your plan ends in 3 days · Acme Proxies');
    expect(three.text).toContain(`Renew: ${SHOP}/product/datacenter`);
    expect(three.html).toMatch(/<a href="https:\/\/shop\.example\/product\/datacenter"[^>]*>Renew<\/a>/);
    const one = await receive({
      to: 'ends1@example.test',
      template: 'plan-ends',
      data: { ...data, hours: 24 },
    });
    expect(one.subject).toBe('Your plan ends in 24 hours · Acme Proxies');
    expect(one.text).toContain('Tue, 01 Dec 2026 10:00 UTC');
  });

  it('plan expired', async () => {
    const mail = await receive({
      to: 'expired@example.test',
      template: 'plan-expired',
      data: { plan: 'My ISP', product: '/product/isp' },
    });
    expect(mail.subject).toBe('Your plan has expired · Acme Proxies');
    expect(mail.text).toContain(`Renew: ${SHOP}/product/isp`);
  });

  it('data 80% and 100% used', async () => {
    const data = { plan: 'Resi 10 GB', product: '/product/premium-residential', totalGb: '10' };
    const eighty = await receive({
      to: 'usage80@example.test',
      template: 'usage-alert',
      data: { ...data, percent: 80, usedGb: '8.1' },
    });
    expect(eighty.subject).toBe('80% of your data is used · Acme Proxies');
    expect(eighty.text).toContain('8.1 GB of 10 GB used.');
    const all = await receive({
      to: 'usage100@example.test',
      template: 'usage-alert',
      data: { ...data, percent: 100, usedGb: '10' },
    });
    expect(all.subject).toBe('All of your data is used · Acme Proxies');
    expect(all.text).toContain('Its proxies stop until you buy more data.');
  });

  it("a sub-user's 80% and 100% of its own limit (issue #31 item 4)", async () => {
    const data = { subuser: 'scraper', product: '/product/isp', limitGb: '5.00', period: 'day' as const };
    const eighty = await receive({
      to: 'sub80@example.test',
      template: 'subuser-usage-alert',
      data: { ...data, percent: 80, usedGb: '4.10' },
    });
    expect(eighty.subject).toBe('Sub-user "scraper" used 80% of its data limit · Acme Proxies');
    expect(eighty.text).toContain('4.10 GB of 5.00 GB used.');
    expect(eighty.text).toContain(`${SHOP}/product/isp`);
    const all = await receive({
      to: 'sub100@example.test',
      template: 'subuser-usage-alert',
      data: { ...data, percent: 100, usedGb: '5.00' },
    });
    expect(all.subject).toBe('Sub-user "scraper" reached its data limit · Acme Proxies');
    expect(all.text).toContain('has used all of its data limit today');
    expect(all.text).toContain('refused until you raise or remove the limit. It resets at 00:00 UTC.');
  });

  it('refund made: full (the plan is suspended) and partial', async () => {
    const full = await receive({
      to: 'refund@example.test',
      template: 'refund-made',
      data: { invoiceId: 'inv-3', amount: '€12.00', plan: 'My DC', partial: false },
    });
    expect(full.subject).toBe('Refund made · Acme Proxies');
    expect(full.text).toContain('€12.00 was refunded for "My DC"');
    expect(full.text).toContain('The plan this payment bought is suspended.');
    expect(full.text).toContain(`${SHOP}/invoice/inv-3`);
    const part = await receive({
      to: 'partial@example.test',
      template: 'refund-made',
      data: { invoiceId: 'inv-4', amount: '€2.00', partial: true },
    });
    expect(part.text).not.toContain('suspended');
  });
});
