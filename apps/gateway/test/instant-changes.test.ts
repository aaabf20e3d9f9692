import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Plan } from '@proxydesk/contract';
import { listenForAccessChanges } from '@proxydesk/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, signUp, type ApiClient } from '../../../test-support/accounts.js';
import { createTestApp, type TestApp } from '../../../test-support/app.js';
import {
  httpConnect,
  httpGetViaProxy,
  socksConnect,
  startTarget,
  startTestGateway,
  type Target,
} from '../../../test-support/gateway.js';
import { startSmtpCapture, type SmtpCapture } from '../../../test-support/smtp.js';
import type { RunningGateway } from '../src/gateway.js';
import { pressPay } from '../../../test-support/sandbox.js';

/**
 * Changes reach the gateway at once (issue #14 item 3): the gateway here never syncs on its own
 * (GATEWAY_SYNC_SECONDS=3600), so only the announcement from the paying transaction can let a line in.
 */
describe('a line generated right after payment works on its first request', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let api: ApiClient;
  let gateway: RunningGateway;
  let target: Target;
  let web: Server;
  let webPort: number;
  let plan: Plan;
  let customers = 0;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, CAPTCHA_PROVIDER: 'off' } });
    api = apiClient(t.app);
    gateway = await startTestGateway(t.database.db, {}, (onChange) =>
      listenForAccessChanges(t.database, onChange),
    );
    target = await startTarget();
    web = createServer((_req, res) => res.end('hello')).listen(0, '127.0.0.1');
    await once(web, 'listening');
    webPort = (web.address() as AddressInfo).port;
    plan = ((await api.get('/v1/plan/read')).body.payload as Plan[]).find((p) => p.type === 'PR_2')!;
  });
  afterAll(async () => {
    await gateway?.close();
    await target?.close();
    web?.close();
    await t?.close();
    await smtp?.close();
  });

  /**
   * A new customer pays for an ISP plan and generates one line: its username and password. `beforePaying` runs
   * with the invoice open, just before the payment.
   */
  const payAndGenerate = async (beforePaying: () => Promise<void> = () => Promise.resolve()) => {
    customers += 1;
    const name = `instant${customers}`;
    const token = await signUp(api, smtp, { username: name, email: `${name}@example.com` });
    await api.post(
      '/v1/billing/create',
      { first_name: 'A', last_name: 'B', address: 'C', city: 'D', zip: 'E', country: 'Italy' },
      { token },
    );
    const created = await api.post(
      '/v1/invoice/create',
      { payment_method: 'sandbox', plan: plan.id },
      { token },
    );
    await beforePaying();
    await pressPay(t.app, created.body.payload.hosted_url as string);
    const lines = await api.post(
      '/v1/user/generate-proxy',
      { proxy_type: 'premium', type: 'sticky', amount: 1, country: 'us' },
      { token },
    );
    expect(lines.status).toBe(200);
    const [, , username, password] = (lines.body.payload.proxies as string[])[0]!.split(':');
    return { token, credentials: { username: username!, password: password! } };
  };

  it('over HTTP', async () => {
    const { credentials } = await payAndGenerate();
    const answer = await httpGetViaProxy(gateway.port, `http://127.0.0.1:${webPort}/`, credentials);
    expect(answer).toMatchObject({ status: 200, body: 'hello' });
  });

  it('over CONNECT', async () => {
    const { credentials } = await payAndGenerate();
    const { status, socket } = await httpConnect(gateway.port, `127.0.0.1:${target.port}`, credentials);
    socket.destroy();
    expect(status).toBe(200);
  });

  it('over SOCKS5', async () => {
    const { credentials } = await payAndGenerate();
    const { socket } = await socksConnect(
      gateway.port,
      { host: '127.0.0.1', port: target.port },
      credentials,
    );
    expect(socket.writable).toBe(true);
    socket.destroy();
  });

  it('works even when the announcement is late and the gateway has just re-read without the plan', async () => {
    // A gateway that hears no announcement: only what it finds in the database can let the line in.
    const deaf = await startTestGateway(t.database.db);
    try {
      const { credentials } = await payAndGenerate(() => deaf.sync());
      const { status, socket } = await httpConnect(deaf.port, `127.0.0.1:${target.port}`, credentials);
      socket.destroy();
      expect(status).toBe(200);
    } finally {
      await deaf.close();
    }
  });

  it('a proxy password reset closes the open tunnels of the old one within a second', async () => {
    const { token, credentials } = await payAndGenerate();
    const { status, socket } = await httpConnect(gateway.port, `127.0.0.1:${target.port}`, credentials);
    expect(status).toBe(200);
    const closed = once(socket, 'close');
    const reset = await api.post('/v1/user/reset-proxy-password', undefined, { token });
    expect(reset.status).toBe(200);
    const started = Date.now();
    await closed;
    expect(Date.now() - started).toBeLessThan(1000);
    const again = await httpConnect(gateway.port, `127.0.0.1:${target.port}`, credentials);
    again.socket.destroy();
    expect(again.status).toBe(407);
  });
});
