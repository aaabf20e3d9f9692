import { afterAll, beforeAll, inject } from 'vitest';
import { openTestDatabase, type TestDatabase } from './databases.js';

/** A test file's own fresh database (see `databases.ts`), opened before its tests and closed after them. */
export const useTestDatabase = () => {
  const bed = {} as { database: TestDatabase };
  beforeAll(async () => {
    bed.database = await openTestDatabase(inject('testDb'));
  });
  afterAll(() => bed.database?.close());
  return bed;
};
