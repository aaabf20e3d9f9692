import type { TestProject } from 'vitest/node';
import { describeOriginal, prepareOriginal, type TestDbOriginal } from './databases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: TestDbOriginal;
  }
}

/** Once per test project: the migrated, catalogued database every test file copies. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const original = describeOriginal(project.name === 'api-pg' ? 'postgres' : 'pglite');
  project.provide('testDb', original);
  return prepareOriginal(original);
}
