import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../src');
const modulesDir = path.join(src, 'modules');
const folders = readdirSync(modulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const read = (file: string) => readFileSync(file, 'utf8');

/** What a module runs or registers belongs in its module.ts (decision 068), never in its routes. */
// `app.register` and `scope.register` are Fastify's plugins: HTTP.
const NOT_HTTP = [/(?<!\b(app|scope))\.register(EventOn|OnOffer)?\(/, /\bregisterDepositCheck\(/, /\.onOpened\(/, /\bbus\.listen\(/, /\.start\(\)/, /\bnew [A-Z]\w*(Runner|Closer|Reminders|Worker|Cache)\(/];

describe('the modules as the app composes them', () => {
  it('gives every module with routes a module.ts, and lists every module.ts in composition/modules.ts', () => {
    const list = read(path.join(src, 'composition/modules.ts'));
    const missing = folders.filter((m) => existsSync(path.join(modulesDir, m, 'routes.ts')) && !existsSync(path.join(modulesDir, m, 'module.ts')));
    const unlisted = folders.filter((m) => existsSync(path.join(modulesDir, m, 'module.ts')) && !list.includes(`'../modules/${m}/module.ts'`));
    expect({ missing, unlisted }).toEqual({ missing: [], unlisted: [] });
  });

  it('keeps routes.ts to HTTP: no registration, job, listener or cache is made there', () => {
    const offending = folders.flatMap((m) => {
      const file = path.join(modulesDir, m, 'routes.ts');
      if (!existsSync(file)) return [];
      return read(file)
        .split('\n')
        .flatMap((line, i) => (NOT_HTTP.some((re) => re.test(line)) ? [`${m}/routes.ts:${i + 1}: ${line.trim()}`] : []));
    });
    expect(offending).toEqual([]);
  });

  it('builds no module part in app.ts: it loops over the list', () => {
    const app = read(path.join(src, 'app.ts'));
    expect(app.match(/from '\.\/modules\/[^']+'/g) ?? []).toEqual([
      "from './modules/platform/feature-gates.ts'",
      "from './modules/platform/tech-work-gate.ts'",
    ]);
  });
});
