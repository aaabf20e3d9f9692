import { migrate, openDatabase } from '@proxydesk/db';
import { writeFileSync } from 'node:fs';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';

/**
 * `npm run openapi -- <file>`: writes the API's OpenAPI document (the one served at /docs/json) without a server
 * or a database of the shop's: an empty, migrated in-memory one is enough to build the routes. PUBLIC_URL sets `servers`.
 */
export const writeOpenApiDocument = async (file: string): Promise<void> => {
  const database = await openDatabase({});
  // Building the app reads a few settings rows (the shop's identity): an empty schema is enough.
  await migrate(database);
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false' });
  const app = await buildApp({ config, database });
  try {
    await app.ready();
    writeFileSync(file, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  } finally {
    await app.close();
    await database.close();
  }
};
