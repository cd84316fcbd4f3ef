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

const SERVER = './apps/server/src';
const mod = (...names) => names.map((n) => `modules/${n}`);
/**
 * The server's layers, lowest first; inside a layer, the order of its entries is the order of
 * their imports too. Paths are under apps/server/src; `platform` is the infrastructure the modules
 * stand on (its folders import one another freely, no-cycle still applies).
 */
const SERVER_LAYERS = [
  ['platform', ['config', 'platform', 'db/!(*.main).ts', 'http', 'realtime']],
  ['services', mod('mail', 'analytics', 'platform')],
  ['core', mod('users', 'wallet', 'activity', 'catalogue', 'pricing', 'inventory', 'provably-fair', 'auth', 'withdrawals', 'pwa', 'seo')],
  ['games', mod('cases', 'techies', 'battles', 'offers')],
  // Upgrades and contracts show the experience a win brings, so they stand on levels.
  ['progression', [...mod('levels', 'upgrades', 'contracts', 'missions', 'push', 'payments', 'leaderboards', 'events', 'live', 'content')]],
  ['composition', [...mod('operators'), 'admin', 'seed.ts', 'composition', 'db/*.main.ts', 'app.ts', 'server.ts']],
];

/** One zone per entry: it may not import any entry after it (schema files excepted, see below). */
function serverLayerZones(layers) {
  // Every path a glob (the rule takes no mix): a plain file as `@(name.ts)`, a folder with all below it.
  const glob = (p) => (!p.endsWith('.ts') ? `${SERVER}/${p}/**` : /[*!(]/.test(p) ? `${SERVER}/${p}` : `${SERVER}/${p.replace(/[^/]+$/, '@($&)')}`);
  const entries = layers.flatMap(([layer, paths]) => (layer === 'platform' ? [{ layer, name: 'platform', paths }] : paths.map((p) => ({ layer, name: p, paths: [p] }))));
  return entries.slice(0, -1).map((entry, i) => ({
    target: entry.paths.map(glob),
    from: entries.slice(i + 1).flatMap((e) => e.paths.map(glob)),
    except: ['**/schema.ts'],
    message: `${entry.name} (layer ${entry.layer}) may import only what eslint.config.js SERVER_LAYERS lists before it: let the higher module register a handler, or compose both above.`,
  }));
}

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
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'react-i18next', importNames: ['useTranslation'], message: 'Translate with useT (lib/use-t.ts): useTranslation copies the i18next instance for every component it runs in.' }],
        },
      ],
    },
  },
  {
    // React Router hands loaders the request as it came (v8_passThroughRequests, decision 085): on a
    // browser's move to a page it is `/en.data?_routes=…`. The page's own address is the loader's `url`.
    files: ['apps/web/app/root.tsx', 'apps/web/app/routes/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='request'][property.name='url']",
          message: "A loader's page address is its `url` argument; `request.url` may be a data request's (`/en.data`).",
        },
      ],
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
    // The server's layers, lowest first (docs/ARCHITECTURE.md): a file imports only what sits
    // below its own entry, never a peer or anything above, so no two modules import each other in
    // circles. A lower module that needs a higher one's answer lets it register a handler at start-up
    // (provably-fair's FairGames, cases' GivenCases and CaseShelves, inventory's deposit check).
    // Schema files are left out: a table may name another module's table for a foreign key.
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/server/tsconfig.json' })],
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverLayerZones(SERVER_LAYERS) }],
      // Runtime imports only: `import type` is erased and closes no circle.
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
