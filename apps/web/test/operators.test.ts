import { describe, expect, it } from 'vitest';
import ruAdmin from '#app/locales/ru/admin.json';
import enAdmin from '#app/locales/en/admin.json';
import { AUDIT_TARGET_KINDS, OPERATOR_PERMISSIONS } from '@store/shared/operators';
import { FLAG_NAMES } from '@store/shared/api/platform';
import { ADJUSTMENT_LIMIT, balanceAfter, checkAdjustment } from '#app/features/operators/utils/adjustment.ts';
import { auditFilterOf, auditQueryOf, auditSearchOf, describeState, pageCount } from '#app/features/operators/utils/audit-filter.ts';
import { CONSOLE_SECTIONS, consoleSections } from '#app/features/operators/utils/console-sections.ts';

describe('the balance adjustment form', () => {
  it('takes a signed amount with at most 2 decimals, a comma as the point', () => {
    expect(checkAdjustment('150', 'goodwill')).toEqual({ ok: true, amount: 150, reason: 'goodwill' });
    expect(checkAdjustment(' -12,5 ', 'chargeback')).toEqual({ ok: true, amount: -12.5, reason: 'chargeback' });
    expect(checkAdjustment('+0.01', 'tip')).toEqual({ ok: true, amount: 0.01, reason: 'tip' });
    expect(checkAdjustment('1 000', 'bonus')).toEqual({ ok: true, amount: 1000, reason: 'bonus' });
  });

  it('refuses what the server would: not a number, 3 decimals, zero, past the limit', () => {
    for (const bad of ['', 'abc', '1.234', '1e5', '--1', '1.', '.5', 'Infinity'])
      expect(checkAdjustment(bad, 'reason')).toEqual({ ok: false, field: 'amount', problem: 'amount_format' });
    expect(checkAdjustment('0', 'reason')).toMatchObject({ problem: 'amount_zero' });
    expect(checkAdjustment('-0.00', 'reason')).toMatchObject({ problem: 'amount_zero' });
    expect(checkAdjustment(String(ADJUSTMENT_LIMIT), 'reason')).toMatchObject({ ok: true });
    expect(checkAdjustment(String(-ADJUSTMENT_LIMIT - 0.01), 'reason')).toMatchObject({ problem: 'amount_limit' });
  });

  it('wants a reason of 3 to 500 characters once trimmed', () => {
    expect(checkAdjustment('5', '  ab  ')).toEqual({ ok: false, field: 'reason', problem: 'reason_length' });
    expect(checkAdjustment('5', ' abc ')).toEqual({ ok: true, amount: 5, reason: 'abc' });
    expect(checkAdjustment('5', 'x'.repeat(500))).toMatchObject({ ok: true });
    expect(checkAdjustment('5', 'x'.repeat(501))).toMatchObject({ problem: 'reason_length' });
  });

  it('announces the balance after, to the cent', () => {
    expect(balanceAfter(100.1, 0.2)).toBe(100.3);
    expect(balanceAfter(10, -25)).toBe(-15);
  });
});

describe('the console sections', () => {
  it('an admin sees every section, support no audit, a player none', () => {
    expect(consoleSections('admin').map((s) => s.key)).toEqual(['dashboard', 'players', 'cases', 'prices', 'promo-codes', 'offers', 'leaderboards', 'events', 'withdrawals', 'payments', 'payment-settings', 'flags', 'audit']);
    expect(consoleSections('support').map((s) => s.key)).toEqual(['players', 'cases', 'prices', 'promo-codes', 'offers', 'leaderboards', 'events', 'withdrawals', 'payments', 'payment-settings', 'flags']);
    expect(consoleSections(null)).toEqual([]);
  });

  it('every section reads an action of the shared permission table', () => {
    for (const s of CONSOLE_SECTIONS) expect(Object.keys(OPERATOR_PERMISSIONS)).toContain(s.action);
  });
});

describe('the audit filter', () => {
  it('reads the address, leaving out what is malformed', () => {
    expect(auditFilterOf(new URLSearchParams('operator=7&kind=player&target=42&page=3'))).toEqual({ page: 3, operatorId: 7, targetKind: 'player', targetId: '42' });
    expect(auditFilterOf(new URLSearchParams('operator=x&page=-1&kind=%20%20&target='))).toEqual({ page: 1, operatorId: null, targetKind: null, targetId: null });
    expect(auditFilterOf(new URLSearchParams(`target=${'a'.repeat(101)}&page=0`))).toMatchObject({ page: 1, targetId: null });
  });

  it("builds the API's query and the page's own address", () => {
    const f = { page: 2, operatorId: 7, targetKind: 'flag', targetId: 'upgrades' };
    expect(Object.fromEntries(new URLSearchParams(auditQueryOf(f)))).toEqual({ page: '2', per_page: '25', operator_id: '7', target_kind: 'flag', target_id: 'upgrades' });
    expect(auditSearchOf(f)).toBe('?operator=7&kind=flag&target=upgrades&page=2');
    expect(auditSearchOf({ page: 1, operatorId: null, targetKind: null, targetId: null })).toBe('');
    expect(auditFilterOf(new URLSearchParams(auditSearchOf(f)))).toEqual(f);
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });

  it('shows a before or an after as one line', () => {
    expect(describeState(null)).toBe('—');
    expect(describeState({ currency: 'GOLD', balance: 10.5 })).toBe('currency: GOLD, balance: 10.5');
    expect(describeState({ on: true, meta: { a: 1 } })).toBe('on: true, meta: {"a":1}');
    expect(describeState('on')).toBe('on');
  });
});

describe("the console's texts", () => {
  const keys = (obj: unknown, prefix = ''): string[] =>
    obj === null || typeof obj !== 'object' ? [prefix] : Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));

  /** A key without its plural ending, and the endings each language's plural rules ask for (i18next's, by Intl.PluralRules). */
  const PLURAL = /_(zero|one|two|few|many|other)$/;
  /** The plurals: keys with a `_one` form (a key like `amount_zero` alone is a name, not a plural). */
  const pluralsOf = (texts: unknown) => new Set(keys(texts).filter((k) => k.endsWith('_one')).map((k) => k.slice(0, -'_one'.length)));
  const bases = (texts: unknown) => {
    const plurals = pluralsOf(texts);
    return [...new Set(keys(texts).map((k) => (plurals.has(k.replace(PLURAL, '')) ? k.replace(PLURAL, '') : k)))].sort();
  };
  const NEEDED = { ru: ['one', 'few', 'many'], en: ['one', 'other'] } as const;

  it('the same keys in both languages (each plural with the forms its language needs), all under "admin", none empty, a name for every flag', () => {
    expect(bases(enAdmin)).toEqual(bases(ruAdmin));
    for (const [lang, texts] of [['ru', ruAdmin], ['en', enAdmin]] as const) {
      for (const base of pluralsOf(texts)) for (const form of NEEDED[lang]) expect(keys(texts), `${lang} ${base}_${form}`).toContain(`${base}_${form}`);
    }
    for (const texts of [ruAdmin, enAdmin]) {
      expect(Object.keys(texts)).toEqual(['admin']);
      for (const k of keys(texts)) expect(k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], texts)).toMatch(/\S/);
      expect(Object.keys(texts.admin.flags.names).sort()).toEqual([...FLAG_NAMES].sort());
      // The audit's filter offers every kind of target an operator change can name.
      expect(Object.keys(texts.admin.audit.kinds).sort()).toEqual(['any', ...AUDIT_TARGET_KINDS].sort());
    }
  });
});
