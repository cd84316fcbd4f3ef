import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/build/**', 'apps/server/dist/**', '**/.react-router/**', 'e2e/artifacts/**', '**/drizzle/**', 'reports/**'] },
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Tests and benchmarks read loosely-typed JSON answers on purpose.
    files: ['apps/server/test/**', 'apps/server/bench/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Features do not import each other; shared UI lives in app/components, wiring in app/routes (STYLE.md).
    files: ['apps/web/app/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./\\.\\./(?!\\.\\.)[^/]+/', message: 'A feature may not import another feature; move shared parts to app/components or app/lib.' }] },
      ],
    },
  },
  {
    // A module owns its tables: it alone imports its schema; others call its exported operations.
    // Schema files may import another module's schema, only to declare a foreign key.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/*/schema.ts', 'apps/server/src/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+([^./][^/]*/)*[^./][^/]*/schema\\.ts$', message: "Another module's tables: call one of its exported operations instead." },
            { regex: '^\\./modules/[^/]+/schema\\.ts$', message: "A module's tables: call one of its exported operations instead." },
            { regex: '(^|/)db/schema\\.ts$', message: 'db/schema.ts gathers every table for the database client only; import your own module\'s schema.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/shared/src/**'],
    rules: {
      // The shared package is pure: no IO, so it runs the same in the browser and on the server.
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'fs', 'pg', 'drizzle-orm*', 'fastify*'], message: 'packages/shared holds pure rules only.' }] }],
    },
  },
);
