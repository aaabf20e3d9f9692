import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openTestDatabase, type TestDatabase } from '../../../test-support/databases.js';
import { waitUntil } from '../../../test-support/outage.js';
import { freePort } from '../../../test-support/ports.js';

/** A redis-server of this test's own, on a port of its own: stopped and started again at will. */
const startRedis = async (port: number): Promise<ChildProcess> => {
  const server = spawn('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  const answers = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => socket.end(() => resolve(true)));
      socket.once('error', () => resolve(false));
    });
  await waitUntil(answers, 10_000, 'redis-server to start');
  return server;
};

const stopRedis = async (server: ChildProcess) => {
  if (server.exitCode !== null) return;
  server.kill('SIGKILL');
  await once(server, 'exit');
};

/** Two API instances over one database and one Redis, which goes away and comes back (issue #14 item 2). */
describe('Redis away at run time', () => {
  let port: number;
  let redis: ChildProcess;
  let database: TestDatabase;
  const lines: string[] = [];
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    database = await openTestDatabase(inject('testDb'));
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      REDIS_URL: `redis://127.0.0.1:${port}`,
      RATE_LIMIT_PER_MINUTE: '4',
      CAPTCHA_PROVIDER: 'off',
    });
    [a, b] = await Promise.all([
      buildApp({ config, database, logStream }),
      buildApp({ config, database, logStream }),
    ]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
    if (redis) await stopRedis(redis);
  });

  const faq = (app: FastifyInstance, remoteAddress: string) =>
    app.inject({ method: 'GET', url: '/v1/faq/read', remoteAddress });
  const sharedRound = async (ip: string) => {
    const codes = [];
    for (const app of [a, b, a, b, a]) codes.push((await faq(app, ip)).statusCode);
    return codes;
  };
  const said = (text: string) => lines.filter((line) => line.includes(text)).length;

  it('keeps answering from memory with one warning per instance, and shares limits again once Redis is back', async () => {
    expect(await sharedRound('10.7.0.1')).toEqual([200, 200, 200, 200, 429]);

    await stopRedis(redis);
    const statuses = new Set<number>();
    for (let i = 0; i < 30; i += 1) {
      const app = i % 2 ? a : b;
      statuses.add((await faq(app, `10.7.1.${i}`)).statusCode);
      const login = await app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { username: `nobody${i}`, password: 'not the password at all' },
        remoteAddress: `10.7.2.${i}`,
      });
      statuses.add(login.statusCode);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect([...statuses].sort()).toEqual([200, 401]);
    // Each instance still limits on its own meanwhile.
    const alone = [];
    for (let i = 0; i < 5; i += 1) alone.push((await faq(a, '10.7.3.1')).statusCode);
    expect(alone).toEqual([200, 200, 200, 200, 429]);
    const readiness = await a.inject({ method: 'GET', url: '/readyz' });
    expect(readiness.json().checks.redis.status).toBe('down');
    expect(said('Redis at REDIS_URL is not reachable')).toBe(2);
    expect(lines.join('\n')).not.toMatch(/Unhandled error event|"statusCode":500/);

    redis = await startRedis(port);
    await waitUntil(
      () => Promise.resolve(said('Redis is reachable again') === 2),
      10_000,
      'both instances to see Redis',
    );
    expect(await sharedRound('10.7.0.2')).toEqual([200, 200, 200, 200, 429]);
    expect(said('Redis at REDIS_URL is not reachable')).toBe(2);
  }, 30_000);
});
