import { describe, expect, it } from 'vitest';
import {
  COUNTRY_CONFIGS,
  countryConfigForIso,
  countryForParam,
  countryForRequest,
  countryKeyForRequest,
  groupMethodsByType,
  methodMin,
  methodsForWelcomeRedirect,
  sortMethods,
} from '../src/payments/countries.ts';
import { FIELD_VALIDATORS } from '../src/payments/countries.ts';
import { checkDepositAmount } from '../src/payments/bonus.ts';

describe('country tables', () => {
  it('cover RU, KZ, AZ, BR, IN and the EU/US with sane data', () => {
    for (const key of ['RU', 'KZ', 'AZ', 'BR', 'IN', 'EU', 'US']) expect(COUNTRY_CONFIGS[key], key).toBeDefined();
    const ids = new Set<number>();
    for (const config of Object.values(COUNTRY_CONFIGS)) {
      expect(config.currency.rate).toBeGreaterThan(0);
      expect(config.quickSums.desktop.length).toBeGreaterThan(0);
      expect(config.quickSums.mobile.length).toBeGreaterThan(0);
      for (const m of config.methods) {
        expect(ids.has(m.id), `method id ${m.id} unique`).toBe(false);
        ids.add(m.id);
        expect([1, 2, 3, 4]).toContain(m.type);
        expect(m.min).toBeGreaterThanOrEqual(1);
        expect(m.max === 0 || m.max >= m.min).toBe(true);
        for (const f of m.extraFields) expect(f.validator === null || FIELD_VALIDATORS.includes(f.validator)).toBe(true);
      }
      // the default amount is payable with the first method
      const first = sortMethods(methodsForWelcomeRedirect(config.methods, false), 'desktop')[0]!;
      expect(checkDepositAmount({ amount: config.currency.defaultAmount, min: first.min, max: first.max }).ok).toBe(true);
    }
    expect(COUNTRY_CONFIGS.RU!.currency).toMatchObject({ code: 'RUB', rate: 1 });
  });

  it('fills the spec defaults: min 1, max 0 unlimited', () => {
    const crypto = COUNTRY_CONFIGS.EU!.methods.find((m) => m.payMethod === 'crypto')!;
    expect(crypto.max).toBe(0);
    const skins = COUNTRY_CONFIGS.RU!.methods.find((m) => m.type === 2)!;
    expect(skins.min).toBe(1);
    expect(skins.defaultMin).toBe(1);
  });
});

describe('welcome-redirect rule on .biz methods (spec §5)', () => {
  it('keeps only .biz methods when on and leaves them out when off', () => {
    const methods = COUNTRY_CONFIGS.RU!.methods;
    const on = methodsForWelcomeRedirect(methods, true);
    expect(on.map((m) => m.name)).toEqual(['Card.biz']);
    const off = methodsForWelcomeRedirect(methods, false);
    expect(off.some((m) => m.name.toLowerCase().includes('.biz'))).toBe(false);
    expect(off.length + on.length).toBe(methods.length);
  });
});

describe('method order and groups', () => {
  it('sorts by the device key and groups by type', () => {
    const methods = methodsForWelcomeRedirect(COUNTRY_CONFIGS.RU!.methods, false);
    expect(sortMethods(methods, 'desktop').map((m) => m.payMethod).slice(0, 3)).toEqual(['sbp', 'card_ru', 'yoomoney']);
    expect(sortMethods(methods, 'mobile').map((m) => m.payMethod).slice(0, 3)).toEqual(['sbp', 'yoomoney', 'card_ru']);
    expect(groupMethodsByType(methods, 'desktop').map((g) => [g.type, g.methods.length])).toEqual([
      [1, 2],
      [2, 1],
      [3, 2],
      [4, 1],
    ]);
  });
  it('uses defaultMin only while the minimum is not changed', () => {
    const sbp = COUNTRY_CONFIGS.RU!.methods.find((m) => m.payMethod === 'sbp')!;
    expect(methodMin(sbp)).toBe(100);
    expect(methodMin(sbp, { minSumChanged: true })).toBe(100);
    expect(methodMin(sbp, { minSumChanged: false })).toBe(50);
    expect(methodMin({ min: 0, defaultMin: 0 })).toBe(1);
  });
});

describe('default-country lookup (spec §5)', () => {
  it('uses a country header first', () => {
    expect(countryKeyForRequest({ countryHeader: 'kz', language: 'ru' })).toEqual({ key: 'KZ', source: 'header' });
    expect(countryKeyForRequest({ countryHeader: 'DE', language: 'ru' })).toEqual({ key: 'EU', source: 'header' });
    expect(countryKeyForRequest({ countryHeader: 'JP', language: 'ru' })).toEqual({ key: 'US', source: 'header' });
    expect(countryKeyForRequest({ countryHeader: [undefined, 'XX', 'BR'] })).toEqual({ key: 'BR', source: 'header' });
  });
  it('falls back to the language when no header names a country', () => {
    expect(countryKeyForRequest({ countryHeader: 'XX', language: 'ru' })).toEqual({ key: 'RU', source: 'language' });
    expect(countryKeyForRequest({ countryHeader: '', language: 'pt-BR,pt;q=0.9' })).toEqual({ key: 'BR', source: 'language' });
    expect(countryKeyForRequest({ language: 'en-IN,en;q=0.8' })).toEqual({ key: 'IN', source: 'language' });
    expect(countryKeyForRequest({ language: 'en-GB,en;q=0.8' })).toEqual({ key: 'US', source: 'language' });
    expect(countryKeyForRequest({ language: 'fr-FR' })).toEqual({ key: 'EU', source: 'language' });
    expect(countryKeyForRequest({ language: 'xx;q=1,kk;q=0.5' })).toEqual({ key: 'KZ', source: 'language' });
    expect(countryKeyForRequest({ language: 'en;q=0.1,az;q=0.9' })).toEqual({ key: 'AZ', source: 'language' });
  });
  it('else the default', () => {
    expect(countryKeyForRequest({})).toEqual({ key: 'US', source: 'default' });
    expect(countryKeyForRequest({ countryHeader: 'T1', language: 'ja' })).toEqual({ key: 'US', source: 'default' });
    expect(countryForRequest({}).currency.code).toBe('USD');
  });
  it('reads `default` in the country argument as the lookup, and requires the argument', () => {
    expect(countryForParam('default', { language: 'ru-RU' })?.country).toBe('RU');
    expect(countryForParam('kz', {})?.country).toBe('KZ');
    expect(countryForParam('AT', {})?.country).toBe('EU');
    expect(countryForParam('', { language: 'ru' })).toBeNull();
    expect(countryForParam('RUS', {})).toBeNull();
    expect(countryConfigForIso('XX')).toBeNull();
  });
});
