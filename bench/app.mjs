/**
 * The real app over a fresh database (PGlite in memory, or `databaseUrl`), migrated and catalogued, listening
 * on a free port, with logging off and the per-IP limit lifted: what every benchmark measures.
 */
export const startBenchApp = async ({ databaseUrl, env = {} } = {}) => {
  const { buildApp } = await import('../apps/api/dist/app.js');
  const { loadConfig } = await import('../apps/api/dist/config.js');
  const { loadCatalogue, migrate, openDatabase, readCatalogue } =
    await import('../packages/db/dist/index.js');
  const database = await openDatabase({ url: databaseUrl });
  await migrate(database);
  await loadCatalogue(database.db, await readCatalogue());
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000000',
    NODE_ENV: 'production',
    ...env,
  });
  const app = await buildApp({ config, database });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    database,
    url,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};
