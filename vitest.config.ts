import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Tests run the TypeScript sources of the workspace packages, not their builds. */
const alias = {
  '@proxydesk/contract': here('./packages/contract/src/index.ts'),
  '@proxydesk/db': here('./packages/db/src/index.ts'),
};

const apiTests = [
  'apps/api/test/**/*.test.ts',
  'apps/gateway/test/**/*.test.ts',
  'packages/db/test/**/*.test.ts',
];

export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'eslint.config.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          include: apiTests,
          // PostgreSQL-only behaviour (pg_dump, a server that goes away): `*.pg.test.ts`.
          exclude: [...configDefaults.exclude, '**/*.pg.test.ts'],
          globalSetup: ['test-support/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-pg',
          include: apiTests,
          exclude: [...configDefaults.exclude, '**/*.pglite.test.ts'],
          globalSetup: ['test-support/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
