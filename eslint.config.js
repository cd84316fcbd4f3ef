import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const WEB = './apps/web/app';
const features = readdirSync(new URL('./apps/web/app/features/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

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
    // The web app's layers, by path (STYLE.md): a feature never imports another feature; routes
    // wire features together; shared UI (components) and wiring (lib) import no feature and no
    // route. Imports resolve through tsconfig (the `#app/*` alias too), and no import goes in a circle.
    files: ['apps/web/app/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
      // Without these the cycle check reads no TypeScript file and finds nothing.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((name) => ({
              target: `${WEB}/features/${name}`,
              from: `${WEB}/features`,
              except: [`./${name}`],
              message: 'A feature may not import another feature; move shared parts to app/components or app/lib, or wire them in a route.',
            })),
            {
              target: [`${WEB}/components`, `${WEB}/lib`],
              from: [`${WEB}/features`, `${WEB}/routes`],
              message: 'Shared UI and wiring import no feature and no route.',
            },
          ],
        },
      ],
      'import-x/no-cycle': 'error',
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
