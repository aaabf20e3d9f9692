import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The dashboard's layers (DESIGN.md §5 item 1, as in bulletproof-react): src/app composes src/features, and a
 * feature imports neither src/app nor another feature; what two of them need lives in src/components or src/lib.
 * Without eslint-plugin-import, each feature folder gets core rules over its relative imports, static and
 * dynamic, one block per folder depth (a path's `../` count says where it lands); eslint.config.test.ts tries them.
 */
const FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const LAYER_MESSAGE =
  'A feature imports neither src/app nor another feature: move what both need to src/components or src/lib, or compose them in src/app (DESIGN.md §5 item 1).';
/** A relative import, from `depth` folders below the feature's own, that reaches another feature or src/app. */
const crossingImport = (feature, depth) =>
  `^((\\.\\./){${depth + 1}}(?!\\.\\./|${feature}(/|$))|(\\.\\./){${depth + 2}}app(/|$))`;
const featureBoundaries = FEATURES.flatMap((feature) =>
  [0, 1, 2].map((depth) => ({
    files: [`apps/web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: crossingImport(feature, depth), message: LAYER_MESSAGE }] },
      ],
      // import() too; esquery's regular expressions take no slash, so it is written \x2F.
      'no-restricted-syntax': [
        'error',
        {
          selector: `ImportExpression[source.value=/${crossingImport(feature, depth).replaceAll('/', '\\x2F')}/]`,
          message: LAYER_MESSAGE,
        },
      ],
    },
  })),
);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'packages/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      '.data/**',
      'apps/web/public/**',
      '.cache/**',
      'test-support/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...featureBoundaries,
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs', '**/*.cjs', '*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: {
        module: 'writable',
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        fetch: 'readonly',
        performance: 'readonly',
        AbortSignal: 'readonly',
      },
    },
  },
  {
    // The floor app the bench builds runs in a browser.
    files: ['bench/web-floor/**'],
    languageOptions: { globals: { document: 'readonly', fetch: 'readonly' } },
  },
  {
    // Functions the navigation bench runs inside the page.
    files: ['bench/navigation.mjs'],
    languageOptions: {
      globals: { document: 'readonly', location: 'readonly', requestAnimationFrame: 'readonly' },
    },
  },
  {
    files: ['**/*.test.ts', 'test-support/**', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
