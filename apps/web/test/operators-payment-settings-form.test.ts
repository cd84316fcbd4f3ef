import { describe, expect, it } from 'vitest';
import { defaultPaymentSettings, paymentSettingsProblems } from '@store/shared/payments/settings-document';
import { documentOf, formProblems, levelPath, methodPath, paymentSettingsFormOf, problemKind, unplacedProblems } from '#app/features/operators/utils/payment-settings-form.ts';

const base = defaultPaymentSettings();
const form = () => paymentSettingsFormOf(base);

describe('the payment settings form', () => {
  it('an untouched form describes the version it was read from, exactly (percents without float noise)', () => {
    expect(documentOf(base, form())).toEqual(base);
    expect(form().levels.map((l) => l.percent)).toEqual(['3', '5', '7', '10']);
    expect(formProblems(base, form())).toEqual({});
  });

  it("lays the admin's limits, switches, levels and coins factor over the version", () => {
    const f = form();
    f.countries[0]!.methods[0]!.min = '250';
    f.countries[0]!.methods[1]!.max = '200000';
    f.countries[0]!.methods[4]!.enabled = false;
    f.levels[1]!.percent = '12,5';
    f.levels.push({ limit: '50000', percent: '15' });
    f.coinsFactor = '20';
    const d = documentOf(base, f);
    expect(d.countries[0]!.methods[0]).toMatchObject({ id: 101, min: 250, max: 300_000, defaultMin: 50 });
    expect(d.countries[0]!.methods[1]).toMatchObject({ id: 102, min: 100, max: 200_000, defaultMin: 100 });
    expect(d.countries[0]!.methods[4]!.enabled).toBe(false);
    expect(d.bonusLevels[1]).toEqual({ limit: 1000, bonusMultiplier: 0.125 });
    expect(d.bonusLevels.at(-1)).toEqual({ limit: 50_000, bonusMultiplier: 0.15 });
    expect(d.coinsFactor).toBe(20);
    expect(paymentSettingsProblems(d)).toEqual([]);
    // A method whose old minimum was its minimum keeps the two together.
    expect(documentOf(base, f).countries[0]!.methods[1]!.defaultMin).toBe(100);
    const g = form();
    g.countries[0]!.methods[1]!.min = '300';
    expect(documentOf(base, g).countries[0]!.methods[1]).toMatchObject({ min: 300, defaultMin: 300 });
  });

  it('puts each broken rule beside its field, by the same paths the server answers with', () => {
    const f = form();
    f.countries[0]!.methods[0]!.min = '500000';
    f.levels[0]!.percent = '150';
    f.coinsFactor = 'ten';
    const problems = formProblems(base, f);
    expect(Object.keys(problems).sort()).toEqual([methodPath(0, 0, 'min'), levelPath(0, 'bonusMultiplier'), 'coinsFactor'].sort());
    expect(problemKind(methodPath(0, 0, 'min'))).toBe('min');
    expect(unplacedProblems(problems, f)).toEqual([]);
    // The order of the levels is checked once each level is sound on its own.
    const g = form();
    g.levels[2]!.limit = '10';
    expect(Object.keys(formProblems(base, g))).toEqual([levelPath(2, 'limit')]);
    expect(problemKind(levelPath(2, 'limit'))).toBe('limit');
  });

  it('lists above the form a problem of a field it does not draw', () => {
    expect(unplacedProblems({ 'countries.0.currency.code': 'A currency code is three capital letters' }, form())).toEqual(['countries.0.currency.code: A currency code is three capital letters']);
  });

  it('an emptied field is a problem, not a zero', () => {
    const f = form();
    f.countries[1]!.methods[0]!.max = '';
    expect(Object.keys(formProblems(base, f))).toEqual([methodPath(1, 0, 'max')]);
  });
});
