import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  COUNTRY_CONFIGS,
  EU_COUNTRIES,
  configKeyForIso,
  countryConfigForIso,
  countryForParam,
  countryForRequest,
  countryKeyForRequest,
  findMethod,
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

describe('the published tables', () => {
  // Row: id, name, provider code, icon, type, min, max (0 = unlimited), min before the experiment,
  // bonus percent, label key, desktop and mobile sort keys, extra fields.
  const published = {
    RU: {
      currency: { code: 'RUB', defaultAmount: 500, rate: 1, symbol: '₽' },
      quickSums: { desktop: [100, 300, 500, 1000, 3000, 5000], mobile: [300, 500, 1000, 3000] },
      methods: [
        [101, 'SBP', 'sbp', '/img/payments/sbp.svg', 1, 100, 300000, 50, 0, null, 1, 1, ''],
        [102, 'Bank card', 'card_ru', '/img/payments/card.svg', 1, 100, 150000, 100, 0, null, 2, 3, 'email'],
        [103, 'Card.biz', 'card_biz', '/img/payments/card.svg', 1, 100, 150000, 100, 0, null, 2, 2, 'email'],
        [104, 'YooMoney', 'yoomoney', '/img/payments/yoomoney.svg', 3, 50, 100000, 50, 0, null, 3, 2, ''],
        [105, 'Mobile payment', 'mobile_ru', '/img/payments/mobile.svg', 3, 100, 15000, 100, 0, null, 4, 4, 'phone'],
        [106, 'Skins', 'skins', '/img/payments/skins.svg', 2, 1, 0, 1, 5, 'refill.labels.bonus', 5, 5, ''],
        [107, 'Gift card', 'gift_card', '/img/payments/gift-card.svg', 4, 1, 10000, 1, 0, null, 6, 6, ''],
      ],
    },
    KZ: {
      currency: { code: 'KZT', defaultAmount: 3000, rate: 0.19, symbol: '₸'},
      quickSums: { desktop: [1000, 2500, 5000, 10000, 25000, 50000], mobile: [2500, 5000, 10000, 25000] },
      methods: [
        [201, 'Kaspi', 'kaspi', '/img/payments/kaspi.svg', 3, 500, 1000000, 500, 0, null, 1, 1, 'phone'],
        [202, 'Bank card', 'card_kz', '/img/payments/card.svg', 1, 500, 1000000, 500, 0, null, 2, 2, 'email'],
        [203, 'Card.biz', 'card_biz', '/img/payments/card.svg', 1, 500, 1000000, 500, 0, null, 2, 2, 'email'],
        [204, 'Skins', 'skins', '/img/payments/skins.svg', 2, 1, 0, 1, 5, 'refill.labels.bonus', 3, 3, ''],
        [205, 'Gift card', 'gift_card', '/img/payments/gift-card.svg', 4, 1, 50000, 1, 0, null, 4, 4, ''],
      ],
    },
    AZ: {
      currency: { code: 'AZN', defaultAmount: 10, rate: 55, symbol: '₼'},
      quickSums: { desktop: [5, 10, 20, 50, 100, 200], mobile: [10, 20, 50, 100] },
      methods: [
        [301, 'Bank card', 'card_az', '/img/payments/card.svg', 1, 2, 5000, 2, 0, null, 1, 1, 'email'],
        [302, 'm10', 'm10', '/img/payments/m10.svg', 3, 2, 2000, 2, 0, null, 2, 2, 'phone'],
        [303, 'Skins', 'skins', '/img/payments/skins.svg', 2, 1, 0, 1, 5, 'refill.labels.bonus', 3, 3, ''],
      ],
    },
    BR: {
      currency: { code: 'BRL', defaultAmount: 30, rate: 17, symbol: 'R$'},
      quickSums: { desktop: [10, 25, 50, 100, 250, 500], mobile: [25, 50, 100, 250] },
      methods: [
        [401, 'PIX', 'pix', '/img/payments/pix.svg', 3, 5, 10000, 5, 3, null, 1, 1, 'first_name last_name email doc_type doc_number'],
        [402, 'Bank card', 'card_br', '/img/payments/card.svg', 1, 5, 10000, 5, 0, null, 2, 2, 'email doc_number'],
        [403, 'Skins', 'skins', '/img/payments/skins.svg', 2, 1, 0, 1, 5, 'refill.labels.bonus', 3, 3, ''],
      ],
    },
    IN: {
      currency: { code: 'INR', defaultAmount: 500, rate: 1.1, symbol: '₹'},
      quickSums: { desktop: [200, 500, 1000, 2000, 5000, 10000], mobile: [500, 1000, 2000, 5000] },
      methods: [
        [501, 'UPI', 'upi', '/img/payments/upi.svg', 3, 100, 100000, 100, 0, null, 1, 1, 'first_name last_name email phone'],
        [502, 'Bank card', 'card_in', '/img/payments/card.svg', 1, 100, 100000, 100, 0, null, 2, 2, 'email phone'],
        [503, 'Skins', 'skins', '/img/payments/skins.svg', 2, 1, 0, 1, 5, 'refill.labels.bonus', 3, 3, ''],
      ],
    },
    EU: {
      currency: { code: 'EUR', defaultAmount: 10, rate: 100, symbol: '€'},
      quickSums: { desktop: [5, 10, 20, 50, 100, 200], mobile: [10, 20, 50, 100] },
      methods: [
        [601, 'Bank card', 'card_eu', '/img/payments/card.svg', 1, 2, 5000, 2, 0, null, 1, 1, 'email'],
        [602, 'Card.biz', 'card_biz', '/img/payments/card.svg', 1, 2, 5000, 2, 0, null, 1, 1, 'email'],
        [603, 'Crypto', 'crypto', '/img/payments/crypto.svg', 3, 5, 0, 5, 0, null, 2, 2, ''],
        [604, 'Skins', 'skins', '/img/payments/skins.svg', 2, 1, 0, 1, 5, 'refill.labels.bonus', 3, 3, ''],
        [605, 'Gift card', 'gift_card', '/img/payments/gift-card.svg', 4, 1, 500, 1, 0, null, 4, 4, ''],
      ],
    },
    US: {
      currency: { code: 'USD', defaultAmount: 10, rate: 92, symbol: '$'},
      quickSums: { desktop: [5, 10, 20, 50, 100, 200], mobile: [10, 20, 50, 100] },
      methods: [
        [701, 'Bank card', 'card_us', '/img/payments/card.svg', 1, 2, 5000, 2, 0, null, 1, 1, 'email'],
        [702, 'Card.biz', 'card_biz', '/img/payments/card.svg', 1, 2, 5000, 2, 0, null, 1, 1, 'email'],
        [703, 'Crypto', 'crypto', '/img/payments/crypto.svg', 3, 5, 0, 5, 0, null, 2, 2, ''],
        [704, 'Skins', 'skins', '/img/payments/skins.svg', 2, 1, 0, 1, 5, 'refill.labels.bonus', 3, 3, ''],
        [705, 'Gift card', 'gift_card', '/img/payments/gift-card.svg', 4, 1, 500, 1, 0, null, 4, 4, ''],
      ],
    },
  };

  it('offer exactly these currencies, quick sums and methods', () => {
    const actual = Object.fromEntries(
      Object.entries(COUNTRY_CONFIGS).map(([key, c]) => [
        key,
        {
          currency: c.currency,
          quickSums: c.quickSums,
          methods: c.methods.map((m) => [m.id, m.name, m.payMethod, m.icon, m.type, m.min, m.max, m.defaultMin, m.bonusPercent, m.label, m.sort.desktop, m.sort.mobile, m.extraFields.map((f) => f.field).join(' ')]),
        },
      ]),
    );
    expect(actual).toEqual(published);
    for (const [key, c] of Object.entries(COUNTRY_CONFIGS)) expect(c.country).toBe(key);
  });

  it('describe the PIX document type as a required choice of CPF or CNPJ, CPF first', () => {
    const docType = findMethod(COUNTRY_CONFIGS.BR!, 401)!.extraFields.find((f) => f.field === 'doc_type');
    expect(docType).toEqual({
      field: 'doc_type',
      label: 'refill.fields.doc_type',
      required: true,
      default: 'CPF',
      options: [
        { name: 'CPF', value: 'CPF' },
        { name: 'CNPJ', value: 'CNPJ' },
      ],
      validator: 'option',
    });
  });

  it('name only labels the refill page has texts for, in Russian and in English', () => {
    const texts = (lang: string) => JSON.parse(readFileSync(new URL(`../../../apps/web/app/locales/${lang}/common.json`, import.meta.url), 'utf8'));
    const lookup = (dict: unknown, key: string) => key.split('.').reduce<unknown>((d, k) => (d as Record<string, unknown> | undefined)?.[k], dict);
    const keys = new Set<string>();
    for (const c of Object.values(COUNTRY_CONFIGS)) {
      for (const m of c.methods) {
        if (m.label) keys.add(m.label);
        for (const f of m.extraFields) keys.add(f.label);
      }
    }
    expect(keys).toContain('refill.fields.email');
    for (const lang of ['ru', 'en']) {
      const dict = texts(lang);
      for (const key of keys) expect(typeof lookup(dict, key), `${lang} ${key}`).toBe('string');
    }
  });

  it('find a method by id, or none', () => {
    expect(findMethod(COUNTRY_CONFIGS.RU!, 102)?.payMethod).toBe('card_ru');
    expect(findMethod(COUNTRY_CONFIGS.RU!, 999)).toBeNull();
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
    // Azerbaijan has no gift card: no empty group for it.
    expect(groupMethodsByType(COUNTRY_CONFIGS.AZ!.methods, 'mobile').map((g) => g.type)).toEqual([1, 2, 3]);
  });
  it('breaks a tie of sort keys by method id', () => {
    const eu = [...COUNTRY_CONFIGS.EU!.methods].reverse();
    expect(sortMethods(eu, 'desktop').map((m) => m.id)).toEqual([601, 602, 603, 604, 605]);
  });
  it('uses defaultMin only while the minimum is not changed', () => {
    const sbp = COUNTRY_CONFIGS.RU!.methods.find((m) => m.payMethod === 'sbp')!;
    expect(methodMin(sbp)).toBe(100);
    expect(methodMin(sbp, { minSumChanged: true })).toBe(100);
    expect(methodMin(sbp, { minSumChanged: false })).toBe(50);
    expect(methodMin({ min: 0, defaultMin: 0 })).toBe(1);
  });
});

describe('countries served by the euro table and codes that name no country', () => {
  it('serves every EU member without its own table from the euro table', () => {
    expect([...EU_COUNTRIES].sort()).toEqual(
      ['AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK'],
    );
    for (const iso of EU_COUNTRIES) {
      expect(configKeyForIso(iso), iso).toBe('EU');
      expect(countryKeyForRequest({ countryHeader: iso }), iso).toEqual({ key: 'EU', source: 'header' });
    }
    expect(configKeyForIso(' de ')).toBe('EU');
    expect(configKeyForIso('kz')).toBe('KZ');
    expect(configKeyForIso('GB')).toBe('US');
  });

  it('reads the CDN placeholders for an unknown or anonymous visitor as no country', () => {
    for (const code of ['XX', 'T1', 'A1', 'A2', 'O1', 'ZZ']) {
      expect(countryConfigForIso(code), code).toBeNull();
      expect(countryKeyForRequest({ countryHeader: code, language: 'kk' }), code).toEqual({ key: 'KZ', source: 'language' });
    }
    expect(countryConfigForIso(' kz ')?.country).toBe('KZ');
  });

  it('knows the language of every table', () => {
    const languages: Record<string, string> = {
      ru: 'RU', kk: 'KZ', az: 'AZ', pt: 'BR', hi: 'IN', bn: 'IN', ta: 'IN', te: 'IN', mr: 'IN',
      de: 'EU', fr: 'EU', es: 'EU', it: 'EU', nl: 'EU', pl: 'EU', el: 'EU', fi: 'EU', sv: 'EU',
      cs: 'EU', sk: 'EU', hu: 'EU', ro: 'EU', bg: 'EU', hr: 'EU', sl: 'EU', et: 'EU', lv: 'EU', lt: 'EU', da: 'EU',
      en: 'US',
    };
    for (const [language, key] of Object.entries(languages)) expect(countryKeyForRequest({ language }), language).toEqual({ key, source: 'language' });
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
  it('reads Accept-Language as browsers and proxies write it', () => {
    expect(countryKeyForRequest({ countryHeader: ' kz ' })).toEqual({ key: 'KZ', source: 'header' });
    // Spaces around tags and parameters; equal weights keep their order.
    expect(countryKeyForRequest({ language: ' xx , kk ; q=0.5, ru ;q=0.7' })).toEqual({ key: 'RU', source: 'language' });
    expect(countryKeyForRequest({ language: 'kk, ru' })).toEqual({ key: 'KZ', source: 'language' });
    expect(countryKeyForRequest({ language: 'ru, kk' })).toEqual({ key: 'RU', source: 'language' });
    // q is found among other parameters; q=0 means "not this one"; a weight that is not a number counts as 0.
    expect(countryKeyForRequest({ language: 'pt;x=1;q=0.9, ru;q=0.5' })).toEqual({ key: 'BR', source: 'language' });
    expect(countryKeyForRequest({ language: 'ru;q=0.5, pt;a=1;q=0.4' })).toEqual({ key: 'RU', source: 'language' });
    expect(countryKeyForRequest({ language: 'ru;q=0' })).toEqual({ key: 'US', source: 'default' });
    expect(countryKeyForRequest({ language: 'ru;q=Infinity, kk;q=0.5' })).toEqual({ key: 'KZ', source: 'language' });
    expect(countryKeyForRequest({ language: '*, kk;q=0.5' })).toEqual({ key: 'KZ', source: 'language' });
  });
  it('takes the two-letter region of a tag, after a script subtag too, only if it has a table', () => {
    expect(countryKeyForRequest({ language: 'en-Latn-IN' })).toEqual({ key: 'IN', source: 'language' });
    expect(countryKeyForRequest({ language: 'sr_Latn_DE' })).toEqual({ key: 'EU', source: 'language' });
    // Ukraine has no table: the language decides.
    expect(countryKeyForRequest({ language: 'ru-UA' })).toEqual({ key: 'RU', source: 'language' });
  });
  it('falls back to the default for a language tag that names a property of every object', () => {
    // Before, `constructor` found Object.prototype's and the lookup answered no table at all.
    for (const language of ['constructor', '__proto__', 'constructor-xx']) {
      expect(countryKeyForRequest({ language }), language).toEqual({ key: 'US', source: 'default' });
      expect(countryForRequest({ language }).country).toBe('US');
    }
  });
  it('else the default', () => {
    expect(countryKeyForRequest({})).toEqual({ key: 'US', source: 'default' });
    expect(countryKeyForRequest({ countryHeader: 'T1', language: 'ja' })).toEqual({ key: 'US', source: 'default' });
    expect(countryForRequest({}).currency.code).toBe('USD');
  });
  it('reads `default` in the country argument as the lookup, and requires the argument', () => {
    expect(countryForParam('default', { language: 'ru-RU' })?.country).toBe('RU');
    expect(countryForParam(' Default ', { language: 'kk' })?.country).toBe('KZ');
    expect(countryForParam(null, { language: 'ru' })).toBeNull();
    expect(countryForParam('kz', {})?.country).toBe('KZ');
    expect(countryForParam('AT', {})?.country).toBe('EU');
    expect(countryForParam('', { language: 'ru' })).toBeNull();
    expect(countryForParam('RUS', {})).toBeNull();
    expect(countryConfigForIso('XX')).toBeNull();
  });
});

// Mutants `npm run mutate` leaves alive in payments/countries.ts, each equivalent: a missing value
// replaced by a made-up text that is neither a two-letter code, a language nor `default`.
// - line 301, `[]` → `['Stryker was here']` for a request without a country header;
// - line 303, `value ?? ''` → `value ?? 'Stryker was here!'` for an empty header entry;
// - line 306, `language ?? ''` → `language ?? 'Stryker was here!'`;
// - line 327, `param ?? ''` → `param ?? 'Stryker was here!'`.
