// The embedded server's memory settings (ADR 014): run by the PGlite project only (*.pglite.test.ts).
import { describe, expect, it } from 'vitest';
import { openPglite } from '../src/index.js';

describe('PGlite memory', () => {
  it('runs with 16 MB of shared buffers and keeps PGlite’s own start parameters', async () => {
    const database = await openPglite({});
    try {
      const { rows } = await database.pglite!.query<{ name: string; setting: string }>(
        `select name, current_setting(name) as setting from unnest(array['shared_buffers', 'wal_buffers',
           'search_path', 'max_worker_processes', 'io_method']) as name`,
      );
      expect(Object.fromEntries(rows.map((r) => [r.name, r.setting]))).toEqual({
        shared_buffers: '16MB',
        wal_buffers: '512kB',
        search_path: 'public',
        max_worker_processes: '0',
        io_method: 'sync',
      });
    } finally {
      await database.close();
    }
  });
});
