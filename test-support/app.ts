import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig, type Config } from '../apps/api/src/config.js';
import { apiClient, type ApiClient } from './accounts.js';
import { openTestDatabase, type TestDatabase } from './databases.js';
import { startSmtpCapture, type SmtpCapture } from './smtp.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real app over a fresh test database; `env` overrides the configuration, `extend` may add
 * routes before the app is sealed and `logStream` receives the log lines (set LOG_LEVEL in `env`).
 */
export const createTestApp = async (
  options: {
    env?: Record<string, string>;
    extend?: (app: FastifyInstance) => void;
    logStream?: NodeJS.WritableStream;
  } = {},
): Promise<TestApp> => {
  const database = await openTestDatabase(inject('testDb'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
  const app = await buildApp({
    config,
    database,
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};

/**
 * The set-up of a test file (or describe block) whose customers sign up by mail: the app with captcha off (and
 * `env` on top), its mailbox and a client, ready before the file's own `beforeAll` and closed after it;
 * `logStream` receives the log lines as in createTestApp.
 */
export const useMailedApp = (
  env: Record<string, string> = {},
  { logStream }: { logStream?: NodeJS.WritableStream } = {},
) => {
  const bed = {} as { t: TestApp; smtp: SmtpCapture; api: ApiClient };
  beforeAll(async () => {
    bed.smtp = await startSmtpCapture();
    bed.t = await createTestApp({
      env: { SMTP_URL: bed.smtp.url, CAPTCHA_PROVIDER: 'off', ...env },
      ...(logStream ? { logStream } : {}),
    });
    bed.api = apiClient(bed.t.app);
  });
  afterAll(async () => {
    await bed.t?.close();
    await bed.smtp?.close();
  });
  return bed;
};
