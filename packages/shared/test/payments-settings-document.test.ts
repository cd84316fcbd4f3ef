import { describe, expect, it } from 'vitest';
import { DEFAULT_BONUS_LEVELS } from '../src/payments/bonus.ts';
import { COUNTRY_CONFIGS, countryForParam, countryKeyForRequest } from '../src/payments/countries.ts';
import { defaultPaymentSettings, paymentSettingsProblems, servedCountryConfigs, type PaymentSettingsDocument } from '../src/payments/settings-document.ts';

const seed = () => defaultPaymentSettings();
const edited = (change: (d: PaymentSettingsDocument) => void) => {
  const d = structuredClone(seed());
  change(d);
  return d;
};
const ru = (d: PaymentSettingsDocument) => d.countries.find((c) => c.country === 'RU')!;

describe('the payment settings document', () => {
  it("today's values are a valid version: every country, method and limit as they were in code", () => {
    expect(paymentSettingsProblems(seed())).toEqual([]);
    expect(servedCountryConfigs(seed())).toEqual(COUNTRY_CONFIGS);
    expect(seed().bonusLevels).toEqual(DEFAULT_BONUS_LEVELS);
    expect(seed().coinsFactor).toBe(10);
  });

  it('refuses a minimum above the maximum, naming the field', () => {
    const d = edited((x) => (ru(x).methods[0]!.min = ru(x).methods[0]!.max + 1));
    expect(paymentSettingsProblems(d)).toEqual([{ path: 'countries.0.methods.0.min', message: 'The minimum must not be above the maximum' }]);
  });

  it('takes a maximum of 0 as unlimited, so any minimum goes with it', () => {
    expect(paymentSettingsProblems(edited((x) => Object.assign(ru(x).methods[0]!, { min: 1_000_000, defaultMin: 1_000_000, max: 0 })))).toEqual([]);
  });

  it('refuses zero or negative limits', () => {
    expect(paymentSettingsProblems(edited((x) => (ru(x).methods[0]!.min = 0)))).toEqual([{ path: 'countries.0.methods.0.min', message: 'The minimum must be above zero' }]);
    expect(paymentSettingsProblems(edited((x) => (ru(x).methods[0]!.max = -5))).map((p) => p.message)).toContain('The maximum must not be negative');
  });

  it('refuses a method id twice in one country', () => {
    const d = edited((x) => (ru(x).methods[1]!.id = ru(x).methods[0]!.id));
    expect(paymentSettingsProblems(d)).toEqual([{ path: 'countries.0.methods.1.id', message: 'Method 101 appears twice in RU' }]);
  });

  it('refuses bonus levels out of order, or a bonus outside 0–100 %', () => {
    expect(paymentSettingsProblems(edited((x) => (x.bonusLevels[1]!.limit = 500)))).toEqual([{ path: 'bonusLevels.1.limit', message: 'Levels go up: each starts above the one before' }]);
    expect(paymentSettingsProblems(edited((x) => (x.bonusLevels[0]!.bonusMultiplier = 1.5)))).toEqual([{ path: 'bonusLevels.0.bonusMultiplier', message: 'A level bonus is 0–100 %' }]);
    expect(paymentSettingsProblems(edited((x) => (x.bonusLevels[0]!.bonusMultiplier = -0.1)))).toEqual([{ path: 'bonusLevels.0.bonusMultiplier', message: 'A level bonus is 0–100 %' }]);
  });

  it('refuses a negative coins factor, and takes zero (no coins)', () => {
    expect(paymentSettingsProblems(edited((x) => (x.coinsFactor = -1)))).toEqual([{ path: 'coinsFactor', message: 'The coins factor must not be negative' }]);
    expect(paymentSettingsProblems(edited((x) => (x.coinsFactor = 0)))).toEqual([]);
  });

  it('refuses a currency code that is not three letters, and losing the default country', () => {
    expect(paymentSettingsProblems(edited((x) => (ru(x).currency.code = 'RUBL')))).toEqual([{ path: 'countries.0.currency.code', message: 'A currency code is three capital letters' }]);
    expect(paymentSettingsProblems(edited((x) => (x.countries = x.countries.filter((c) => c.country !== 'US'))))).toEqual([{ path: 'countries', message: 'The default country US must stay' }]);
  });

  it('serves a switched-off method to no one, and keeps it in the version', () => {
    const d = edited((x) => (ru(x).methods[0]!.enabled = false));
    expect(paymentSettingsProblems(d)).toEqual([]);
    expect(servedCountryConfigs(d).RU!.methods.map((m) => m.id)).not.toContain(101);
    expect(ru(d).methods[0]!.id).toBe(101);
  });

  it("the country lookup reads the version's tables: a country dropped from it falls back to the default", () => {
    const tables = servedCountryConfigs(edited((x) => (x.countries = x.countries.filter((c) => c.country !== 'KZ' && c.country !== 'EU'))));
    expect(countryForParam('KZ', {}, tables)?.country).toBe('US');
    expect(countryKeyForRequest({ countryHeader: 'DE' }, tables).key).toBe('US');
    expect(countryKeyForRequest({ language: 'de' }, tables).key).toBe('US');
    expect(countryKeyForRequest({ countryHeader: 'DE' }).key).toBe('EU');
  });
});
