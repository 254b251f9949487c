// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { apiArchitecture, architecture } from './eslint/architecture.js';

/** Private fields of node-postgres and Drizzle (decision 0046). */
const driverInternals = [
  {
    selector:
      'MemberExpression[property.name=/^(_result|_results|_rowMode|_types|_parsers|_queryable|_ending|_connected|_txStatus|_queryQueue|_activeQuery)$/]',
    message: "A library's private field: use its documented API (decision 0046).",
  },
  {
    selector: "MemberExpression[object.property.name='connection'][property.name='stream']",
    message: "node-postgres' socket is its own: use its documented API (decision 0046).",
  },
  {
    selector: "MemberExpression[object.property.name='_'][property.name='session']",
    message: "Drizzle's session is its own: use its documented API (decision 0046).",
  },
];
/** A string that is a SQLSTATE of a constraint, a transaction or a connection (23505, 23P01, 40001, 57P01, ...). */
const sqlstateLiterals = [
  {
    selector: 'Literal[value=/^(08|22|23|25|40|42|53|55|57)[0-9A-Z]{3}$/]',
    message:
      'A SQLSTATE is a repository concern: the repository turns it into a domain error (refusedAs in platform/pg-errors.ts).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '.worktrees/**',
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/.data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'apps/api/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/db/**', 'apps/api/src/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Only db/ and *.repository.ts files may use Drizzle (DESIGN.md §3).',
            },
            { group: ['pg'], message: 'Only db/ talks to PostgreSQL directly.' },
            { group: ['**/db/schema/*'], message: 'Tables are a repository concern: go through a *.repository.ts.' },
            {
              group: ['**/platform/pg-errors.ts'],
              importNames: ['isPgError'],
              message: 'A SQLSTATE is a repository concern: a repository turns it into a domain error (refusedAs).',
            },
          ],
        },
      ],
    },
  },
  {
    // Only the drivers' documented APIs (issue 43, decision 0046): no private fields of node-postgres or Drizzle.
    files: ['apps/api/src/**/*.ts', 'apps/api/test/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...driverInternals] },
  },
  {
    // SQLSTATE codes are read in db/, platform/pg-errors.ts and repositories only (issue 44).
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/db/**',
      'apps/api/src/**/*.repository.ts',
      'apps/api/src/platform/pg-errors.ts',
      'apps/api/src/**/*.test.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...driverInternals, ...sqlstateLiterals] },
  },
  {
    // The API's module faces and one-way zones (issue 12); test files are held to them too.
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'api-architecture': apiArchitecture },
    rules: {
      'api-architecture/module-faces': 'error',
      'api-architecture/layer-zones': 'error',
      'api-architecture/table-owners': 'error',
      'api-architecture/access-core': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, architecture },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'architecture/no-cross-feature-imports': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@therapy/api', '@therapy/api/*'],
              message: 'The web app talks to the API over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Web layers: lib/ and components/ below the features, and nothing outside apps/web/src (issue 12).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { architecture },
    rules: { 'architecture/web-layers': 'error' },
  },
  {
    // Kebab-case file names for every source file (issue 12).
    files: [
      'apps/*/src/**/*.{ts,tsx,js,mjs}',
      'packages/*/src/**/*.{ts,tsx,js,mjs}',
      'e2e/**/*.{ts,tsx,js,mjs}',
      'bench/**/*.{ts,tsx,js,mjs}',
    ],
    plugins: { architecture },
    rules: { 'architecture/kebab-case-file-names': 'error' },
  },
  {
    // A package's own files import each other by relative paths; its name and exports are for other packages.
    files: ['apps/*/**/*.{ts,tsx,js,mjs}', 'packages/*/**/*.{ts,tsx,js,mjs}'],
    plugins: { architecture },
    rules: { 'architecture/no-own-package-name': 'error' },
  },
  {
    files: ['apps/api/src/main.ts', 'bench/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
);
