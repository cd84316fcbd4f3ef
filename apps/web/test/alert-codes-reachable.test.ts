import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@store/shared/errors';
import { playerTexts } from '#app/lib/i18n-all.ts';
import { ALERT_CODES, type AlertCode } from '#app/lib/alert-codes.ts';

/**
 * Spec §8's codes reachable by a flow (decision 054): every code of §8 is named, or shown by its
 * text, in a test that drives its flow (the browser specs, the server's, the web's rules).
 */

/** Spec §8 "Error codes", as the spec lists them. */
const SPEC_ERROR_CODES = [
  'authentication',
  'balance_error',
  'caseNotFound',
  'dataNotFound',
  'invalidItem',
  'invalidUser',
  'inventory',
  'inWithdrawalProcess',
  'steamLogin',
  'tooManyWithdrawals',
  'unpredicted',
  'userNotFound',
  'fastOpen',
  'case_not_available',
  'upgrade_multiplier_too_high',
] as const;

const root = fileURLToPath(new URL('../../../', import.meta.url));
const THIS_FILE = 'alert-codes-reachable.test.ts';
/** The list of the codes themselves, which drives no flow. */
const CODE_LISTS = new Set([THIS_FILE, 'alert-stack.test.ts']);

function testFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? testFiles(path.join(dir, e.name))
      : /\.(test|spec)\.ts$/.test(e.name) && !CODE_LISTS.has(e.name)
        ? [path.join(dir, e.name)]
        : [],
  );
}
const TESTS = ['e2e/specs', 'apps/web/test', 'apps/server/test', 'packages/shared/test']
  .flatMap(testFiles)
  .map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));

function lookup(texts: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), texts);
}
/** A text as a test would match it: up to its first parameter. */
const matchable = (text: unknown) => (typeof text === 'string' ? text.split(/\{\{?/)[0]!.trim() : '');
const named = (code: string) => new RegExp(`['"\`.]${code}['"\`]`);

describe('every code of spec §8 is reached by a flow some test drives', () => {
  it.each(SPEC_ERROR_CODES)('error code %s is answered in a test', (code) => {
    const texts = [errorCatalogue[code].ru, errorCatalogue[code].en].map(matchable);
    const hits = TESTS.filter((t) => named(code).test(t.text) || texts.some((x) => x.length > 3 && t.text.includes(x)));
    expect(
      hits.map((h) => h.file),
      code,
    ).not.toEqual([]);
  });

  it.each(Object.keys(ALERT_CODES) as AlertCode[])('alert code %s is shown in a test', (code) => {
    const { key } = ALERT_CODES[code];
    const texts = [lookup(playerTexts.ru, key), lookup(playerTexts.en, key)].map(matchable);
    // "error" alone is too common a word to find; its text is what a test shows.
    const hits = TESTS.filter(
      (t) => (code !== 'error' && named(code).test(t.text)) || texts.some((x) => x.length > 5 && t.text.includes(x)),
    );
    expect(
      hits.map((h) => h.file),
      code,
    ).not.toEqual([]);
  });
});
