// Mutation testing of the shared rules: `npm run mutate` (minutes; kept out of `npm test`).
// Report: reports/mutation/index.html. Incremental: a rerun only retests what changed.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // Only the `shared` vitest project: the server suite needs databases and is far too slow per mutant.
  vitest: { configFile: 'vitest.mutate.config.ts', related: false },
  mutate: ['packages/shared/src/**/*.ts', '!packages/shared/src/api/**'],
  // The sandbox needs the shared package, the configs and the web's texts (a test checks the labels
  // the payment tables name); node_modules is linked, not copied.
  ignorePatterns: ['/apps/*', '!/apps/web', '/apps/web/*', '!/apps/web/app', '/apps/web/app/*', '!/apps/web/app/locales', '/e2e', '/docs', '/scripts', '/.data', '/.ci', '/reports'],
  coverageAnalysis: 'perTest',
  reporters: ['html', 'json', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  // The machine's two cores are shared with others.
  concurrency: 2,
  tempDirName: 'reports/.stryker-tmp',
  thresholds: { high: 95, low: 90, break: null },
};
