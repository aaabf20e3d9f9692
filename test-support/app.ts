import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../apps/api/src/app.js';
import { loadConfig, type Config } from '../apps/api/src/config.js';
import { openTestDatabase, type TestDatabase } from './databases.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real app over a fresh test database; `env` overrides the configuration and `extend` may add
 * routes before the app is sealed.
 */
export const createTestApp = async (
  options: { env?: Record<string, string>; extend?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> => {
  const database = await openTestDatabase(inject('testDb'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
  const app = await buildApp({ config, database });
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
