// Flat config: TypeScript rules plus the import boundaries of STYLE.md 9.1.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { boundaries, doorImports, otherProducts, PRODUCT_FOLDERS } from './eslint.boundaries.mjs';

const boundary = (patterns) => ['error', { patterns }];
const GATEWAY_IMPORTS = [
  {
    group: ['**/workers/**', '@kabuto/workers'],
    message: 'gateway and workers meet only through schema/contracts',
  },
];
const WORKERS_IMPORTS = [
  {
    group: ['**/gateway/**', '@kabuto/gateway'],
    message: 'gateway and workers meet only through schema/contracts',
  },
];
// The files a tsconfig owns get the typed rules (typed linting reads each file's own project).
const TYPED = [
  '{schema,gateway,workers,scripts,bench}/{src,test,scenarios,lib}/**/*.ts',
  'client/src/**/*.{ts,tsx}',
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      eqeqeq: 'error',
      curly: ['error', 'multi-line'],
      'max-lines': ['error', { max: 600, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 70, skipBlankLines: true, skipComments: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: TYPED,
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  {
    // No import cycles: a module graph with cycles has no order to read or to initialise it in.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Feature zones, gateway layers and module doors, schema kernel and products (eslint.boundaries.mjs).
  ...boundaries(),
  {
    files: ['client/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['**/*.test.ts', '**/test/**', 'scripts/bootstrap.mjs'],
    rules: { 'max-lines-per-function': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['client/src/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': boundary([
        {
          group: ['@kabuto/schema/db', '@kabuto/schema/testing', '**/schema/src/db/**'],
          message: 'client may import schema/domain and schema/contracts only',
        },
        {
          group: ['**/gateway/**', '**/workers/**', 'node:*'],
          message: 'client never imports server code',
        },
      ]),
    },
  },
  { files: ['gateway/src/**'], rules: { 'no-restricted-imports': boundary(GATEWAY_IMPORTS) } },
  { files: ['workers/src/**'], rules: { 'no-restricted-imports': boundary(WORKERS_IMPORTS) } },
  // A product folder of the gateway or the workers takes kernel code only through a door, and
  // never another product's code.
  ...PRODUCT_FOLDERS.gateway.map(({ product, files }) => ({
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        doorImports([...GATEWAY_IMPORTS, ...otherProducts(product)]),
      ],
    },
  })),
  ...PRODUCT_FOLDERS.workers.map(({ product, files }) => ({
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        doorImports([...WORKERS_IMPORTS, ...otherProducts(product)]),
      ],
    },
  })),
  {
    files: ['schema/src/domain/**', 'schema/src/modules/*/domain/**'],
    rules: {
      'no-restricted-imports': boundary([
        {
          group: [
            'node:*',
            'kysely',
            'ioredis',
            'pg',
            'better-sqlite3',
            'zod',
            '../contracts/**',
            '../db/**',
          ],
          message: 'domain is pure: it imports nothing outside itself',
        },
      ]),
    },
  },
  {
    files: ['schema/src/domain/money/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='parseFloat']", message: 'no floats in money' },
        {
          selector: "CallExpression[callee.property.name='toFixed']",
          message: 'no floats in money',
        },
        { selector: "CallExpression[callee.name='Number']", message: 'no floats in money' },
      ],
    },
  },
  {
    files: ['bench/**'],
    rules: {
      'no-restricted-imports': boundary([
        {
          group: ['**/gateway/src/**', '**/workers/src/**', '@kabuto/schema/db'],
          message: 'bench treats the services as black boxes',
        },
      ]),
    },
  },
);
