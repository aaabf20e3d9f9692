import type { Database } from '@proxydesk/db';
import type PgBoss from 'pg-boss';

/**
 * How pg-boss reaches the shop's own database: the API's pool on PostgreSQL, the one embedded client on PGlite.
 * pg-boss sends its schema set-up as one text of several statements without parameters: PostgreSQL's simple
 * protocol takes that, and on PGlite it goes through `exec`.
 */
export const jobExecutor = (database: Database): PgBoss.Db => {
  const { pool, pglite } = database;
  if (pool) return { executeSql: (text, values) => pool.query(text, values) };
  if (!pglite) throw new Error('The job runner needs PostgreSQL or PGlite');
  return {
    executeSql: async (text, values) => {
      if (values && values.length > 0) return pglite.query(text, values);
      const results = await pglite.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
};
