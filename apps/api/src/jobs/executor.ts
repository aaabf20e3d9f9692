import type { Database } from '@proxydesk/db';
import type PgBoss from 'pg-boss';

/** After a failed text, end any transaction it opened: the connection must not stay in an aborted one. */
const ROLLBACK = 'rollback';

/**
 * How pg-boss reaches the shop's own database: the API's pool on PostgreSQL, the one embedded client on PGlite.
 * pg-boss sends some work as one text of several statements inside `BEGIN … COMMIT` (its schema set-up, queue
 * creation): PostgreSQL's simple protocol takes that, and on PGlite it goes through `exec`. When such a text
 * fails midway, the connection would be left in an aborted transaction for the next caller: it is rolled back.
 */
export const jobExecutor = (database: Database): PgBoss.Db => {
  const { pool, pglite } = database;
  if (pool)
    return {
      executeSql: async (text, values) => {
        const client = await pool.connect();
        try {
          return await client.query(text, values);
        } catch (error) {
          await client.query(ROLLBACK).catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
    };
  if (!pglite) throw new Error('The job runner needs PostgreSQL or PGlite');
  return {
    executeSql: async (text, values) => {
      try {
        if (values && values.length > 0) return await pglite.query(text, values);
        const results = await pglite.exec(text);
        return results.at(-1) ?? { rows: [] };
      } catch (error) {
        await pglite.exec(ROLLBACK).catch(() => undefined);
        throw error;
      }
    },
  };
};
