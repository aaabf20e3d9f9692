import pg from 'pg';

/** `serverUrl` with another database name: a database of its own on the same server. */
export const onDatabase = (serverUrl, name) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** One statement on the server's `postgres` database (never on a bench's own, which may be gone or cut). */
export const onServer = async (serverUrl, sql, params = []) => {
  const admin = new pg.Client({ connectionString: onDatabase(serverUrl, 'postgres') });
  await admin.connect();
  try {
    return await admin.query(sql, params);
  } finally {
    await admin.end();
  }
};

/**
 * Database `name` made anew beside `serverUrl`'s, migrated and catalogued from the built packages, then
 * filled by `seed(db, schema)`; answers its URL.
 */
export const freshDatabase = async (serverUrl, name, seed) => {
  await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  await onServer(serverUrl, `create database ${name}`);
  const url = onDatabase(serverUrl, name);
  const { loadCatalogue, migrate, openDatabase, readCatalogue, schema } =
    await import('../packages/db/dist/index.js');
  const database = await openDatabase({ url });
  try {
    await migrate(database);
    await loadCatalogue(database.db, await readCatalogue());
    await seed(database.db, schema);
  } finally {
    await database.close();
  }
  return url;
};
