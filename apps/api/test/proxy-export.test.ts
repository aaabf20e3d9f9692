import type { ExportKind, ExportSettings, Plan } from '@proxydesk/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useMailedApp } from '../../../test-support/app.js';
import { buyWithSandbox, planBoughtBy, signUpCustomer } from '../../../test-support/shop-customers.js';
import { seedSubuser } from '../../../test-support/subusers.js';

const bed = useMailedApp({ PROXY_GATEWAY_HOST: 'gw.shop.test', RATE_LIMIT_PER_MINUTE: '10000' });
let plans: Plan[];
let owner: { token: string; userId: string };
let other: { token: string; userId: string };

const customer = async (username: string) => {
  const { token, user } = await signUpCustomer(bed, username, 'Italy');
  return { token, userId: user.id, proxyUsername: user.proxyUsername, proxyPassword: user.proxyPassword };
};
const buyPaid = async (token: string, type: string) => {
  const plan = plans.find((p) => p.type === type)!;
  return planBoughtBy(bed.t.database.db, await buyWithSandbox(bed, token, { plan: plan.id }));
};
/** The export answers a file, not JSON: its status, headers and text. */
const exportLines = async (token: string, body: Record<string, unknown>) => {
  const res = await bed.t.app.inject({
    method: 'POST',
    url: '/v1/user/export-proxies',
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });
  return {
    status: res.statusCode,
    type: res.headers['content-type'],
    disposition: res.headers['content-disposition'],
    text: res.body,
  };
};

/** The export settings a customer has saved (or the defaults). */
const exportSettings = async (token: string) =>
  (await bed.api.get('/v1/user/export-settings', { token })).body.payload as Record<
    ExportKind,
    ExportSettings
  >;

let me: Awaited<ReturnType<typeof customer>>;
let dcPlanId: string;
beforeAll(async () => {
  plans = (await bed.api.get('/v1/plan/read')).body.payload as Plan[];
  me = await customer('exporter');
  owner = me;
  other = await customer('stranger');
  await buyPaid(owner.token, 'PR_2');
  dcPlanId = (await buyPaid(owner.token, 'PR_4')).id;
  const activated = await bed.api.post(
    '/v1/user/activate-dc-ipv6-plan',
    { ips: ['203.0.113.5'], type: 'PR_4' },
    { token: owner.token },
  );
  expect(activated.status).toBe(200);
});

describe('export templates (issue #32 item 5)', () => {
  it('answers today’s line format by default, as a txt file named after the product', async () => {
    const answer = await exportLines(owner.token, {
      product: 'PR_2',
      country: 'us',
      amount: 3,
      type: 'sticky',
    });
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('text/plain; charset=utf-8');
    expect(answer.disposition).toMatch(/^attachment; filename="proxies-isp-\d{4}-\d{2}-\d{2}\.txt"$/);
    const lines = answer.text.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    for (const line of lines)
      expect(line).toMatch(
        new RegExp(
          `^gw\\.shop\\.test:31112:${me.proxyUsername}-isp:${me.proxyPassword}_country-us_session-[a-z]{8}$`,
        ),
      );
  });

  it('writes csv with a header from the placeholders and json objects, and remembers the last choice', async () => {
    const csv = await exportLines(owner.token, {
      product: 'PR_2',
      template: '{protocol}://{user}:{pass}@{host}:{port}',
      format: 'csv',
      protocol: 'socks5',
    });
    expect(csv.status).toBe(200);
    expect(csv.type).toBe('text/csv; charset=utf-8');
    expect(csv.disposition).toMatch(/\.csv"$/);
    expect(csv.text).toBe(
      `protocol,user,pass,host,port\r\nsocks5,${me.proxyUsername}-isp,${me.proxyPassword},gw.shop.test,31112\r\n`,
    );
    expect(await exportSettings(owner.token)).toEqual({
      login: { template: '{protocol}://{user}:{pass}@{host}:{port}', format: 'csv', protocol: 'socks5' },
      whitelist: { template: '{host}:{port}', format: 'txt', protocol: 'http' },
    });
    // Absent template, format and protocol: the remembered ones.
    const again = await exportLines(owner.token, { product: 'PR_2', format: 'json' });
    expect(again.type).toBe('application/json; charset=utf-8');
    expect(JSON.parse(again.text)).toEqual([
      {
        protocol: 'socks5',
        user: `${me.proxyUsername}-isp`,
        pass: me.proxyPassword,
        host: 'gw.shop.test',
        port: '31112',
      },
    ]);
    // Another customer keeps their own defaults.
    expect((await exportSettings(other.token)).login).toEqual({
      template: '{host}:{port}:{user}:{pass}',
      format: 'txt',
      protocol: 'http',
    });
  });

  it('saves settings with PUT, for the product pages', async () => {
    const saved = await bed.api.put(
      '/v1/user/export-settings',
      { kind: 'whitelist', template: '{ip} {port}', format: 'txt', protocol: 'http' },
      { token: owner.token },
    );
    expect(saved.status).toBe(200);
    expect((await exportSettings(owner.token)).whitelist).toEqual({
      template: '{ip} {port}',
      format: 'txt',
      protocol: 'http',
    });
  });

  it('refuses bad templates with 400, naming the placeholder, and keeps nothing', async () => {
    const before = await exportSettings(owner.token);
    const cases: [string, string][] = [
      [
        '{host}:{port}:{login}',
        'Unknown placeholder {login}: use {host}, {port}, {user}, {pass}, {ip} or {protocol}',
      ],
      ['', 'Write a template, like {host}:{port}:{user}:{pass}'],
      ['   ', 'Write a template, like {host}:{port}:{user}:{pass}'],
      ['{host', 'Unmatched "{" in the template: use {host}, {port}, {user}, {pass}, {ip} or {protocol}'],
      [
        'just text',
        'Put at least one placeholder in the template: {host}, {port}, {user}, {pass}, {ip} or {protocol}',
      ],
      ['{host}\n{port}', 'A template is one line, without tabs or line breaks'],
    ];
    for (const [template, detail] of cases) {
      const answer = await exportLines(owner.token, { product: 'PR_2', template });
      expect(answer.status, template).toBe(400);
      expect(JSON.parse(answer.text), template).toEqual({ detail: `body.template: ${detail}` });
      const put = await bed.api.put(
        '/v1/user/export-settings',
        { kind: 'login', template, format: 'txt', protocol: 'http' },
        { token: owner.token },
      );
      expect(put, template).toEqual({ status: 400, body: { detail: `body.template: ${detail}` } });
    }
    expect(await exportSettings(owner.token)).toEqual(before);
  });

  it('exports a datacenter plan’s addresses, and 404s another customer’s plan', async () => {
    const mine = await exportLines(owner.token, {
      product: 'PR_4',
      plan: dcPlanId,
      template: '{ip},{port}',
      format: 'txt',
    });
    expect(mine.status).toBe(200);
    const assigned = await bed.api.get('/v1/pool/read', { token: owner.token });
    const expected = (assigned.body.payload as { type: string; proxies: string[] }[])[0]!.proxies.map(
      (line) => line.replace(':', ','),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(mine.text).toBe(expected.map((line) => `${line}\n`).join(''));
    const theirs = await exportLines(other.token, { product: 'PR_4', plan: dcPlanId });
    expect(theirs.status).toBe(404);
    expect(JSON.parse(theirs.text)).toEqual({ detail: 'Plan not found' });
    const none = await exportLines(other.token, { product: 'PR_4' });
    expect(JSON.parse(none.text)).toEqual({ detail: 'You have no active Datacenter plan: buy one first' });
    expect(none.status).toBe(403);
  });

  it('exports a sub-user’s lines with its credentials; another customer’s sub-user is 404', async () => {
    const sub = await seedSubuser(bed.t.database.db, owner.userId, 'PR_2');
    const answer = await exportLines(owner.token, {
      product: 'PR_2',
      subuser: sub.id,
      template: '{user}|{pass}',
      format: 'txt',
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(`${sub.username}|${sub.password}\n`);
    await buyPaid(other.token, 'PR_2');
    const stranger = await exportLines(other.token, { product: 'PR_2', subuser: sub.id });
    expect(stranger.status).toBe(404);
    expect(JSON.parse(stranger.text)).toEqual({ detail: 'Sub-user not found' });
  });
});
