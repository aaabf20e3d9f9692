// Issue #28 item 11: without REDIS_URL, the attempt budgets (sign-in, codes, captcha claims) live in the database,
// so a restart does not reset them and every instance on one database shares them.
import { openDatabase, type Database } from '@proxydesk/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { apiClient, PASSWORD, signUp } from '../../../test-support/accounts.js';
import { useMailedApp } from '../../../test-support/app.js';

const bed = useMailedApp();
const opened: { app: FastifyInstance; database?: Database }[] = [];
afterAll(async () => {
  for (const { app, database } of opened) {
    await app.close();
    await database?.close();
  }
});

/** Another instance of the shop: on PostgreSQL over a pool of its own, on PGlite over the same database. */
const anotherInstance = async () => {
  const database = bed.t.database.url
    ? await openDatabase({ url: bed.t.database.url, poolSize: 2 })
    : undefined;
  const app = await buildApp({ config: bed.t.config, database: database ?? bed.t.database });
  opened.push({ app, database });
  return { app, api: apiClient(app) };
};

const login = (api: ReturnType<typeof apiClient>, username: string, password: string, ip: string) =>
  api.post('/v1/auth/login', { username, password }, { ip }).then((answer) => answer.status);

describe('attempt budgets kept in the database when Redis is absent (issue #28 item 11)', () => {
  it('a budget used up stays used up when the app is closed and built again on the same database', async () => {
    await signUp(bed.api, bed.smtp, { username: 'ivy', email: 'ivy@example.com' });
    const ip = '10.28.11.1';
    const first = await anotherInstance();
    for (let i = 0; i < 5; i += 1) expect(await login(first.api, 'ivy', `wrong ${i}`, ip)).toBe(401);
    await first.app.close();
    opened.splice(
      opened.findIndex((o) => o.app === first.app),
      1,
    );

    const restarted = await anotherInstance();
    expect(await login(restarted.api, 'ivy', PASSWORD, ip)).toBe(429);
    // Another address still gets in: the budget is this address's on this account.
    expect(await login(restarted.api, 'ivy', PASSWORD, '10.28.11.2')).toBe(200);
  });

  it('two instances on one database share one budget', async () => {
    await signUp(bed.api, bed.smtp, { username: 'jack', email: 'jack@example.com' });
    const ip = '10.28.11.3';
    const other = await anotherInstance();
    for (let i = 0; i < 5; i += 1)
      expect(await login(i % 2 ? other.api : bed.api, 'jack', `wrong ${i}`, ip)).toBe(401);
    expect(await login(bed.api, 'jack', PASSWORD, ip)).toBe(429);
    expect(await login(other.api, 'jack', PASSWORD, ip)).toBe(429);
  });
});
