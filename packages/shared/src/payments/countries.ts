/**
 * Payment country configurations of spec §3 and the default-country lookup of spec §5.
 * The server serves these tables (GET /api/v1/payments/countries) and the web renders the
 * refill page from the same data, so a method, a limit or a field is defined once.
 *
 * Amounts here (default amount, quick sums, method min/max) are in units of the country's
 * currency, as a player types them. `rate` is how many site-currency units (GOLD, 1 GOLD ≈
 * 1 RUB) one unit of the country currency buys; bonus.ts converts with integer arithmetic.
 */

export const PAYMENT_METHOD_TYPES = { common: 1, skin: 2, ecom: 3, giftCard: 4 } as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[keyof typeof PAYMENT_METHOD_TYPES];

export const EXTRA_FIELD_NAMES = ['doc_number', 'doc_type', 'email', 'first_name', 'last_name', 'phone'] as const;
export type ExtraFieldName = (typeof EXTRA_FIELD_NAMES)[number];

/** Validators an extra field can name; validators.ts implements each. */
export const FIELD_VALIDATORS = ['email', 'phone', 'doc_number', 'name', 'option'] as const;
export type FieldValidatorName = (typeof FIELD_VALIDATORS)[number];

export interface ExtraField {
  field: ExtraFieldName;
  /** i18n key under `refill.fields`. */
  label: string;
  required: boolean;
  default: string | null;
  /** Choices for a select (doc_type); null for a text input. */
  options: { name: string; value: string }[] | null;
  validator: FieldValidatorName | null;
}

export interface PaymentMethod {
  id: number;
  /** Shown name; a name containing `.biz` is a welcome-redirect method (spec §5). */
  name: string;
  /** The provider's own code for the method. */
  payMethod: string;
  icon: string;
  label: string | null;
  type: PaymentMethodType;
  /** Minimum in country-currency units; 1 when not set (spec §9). */
  min: number;
  /** Maximum in country-currency units; 0 means unlimited (spec §9). */
  max: number;
  /** The minimum before the change-min-sum experiment (spec §7); see methodMin. */
  defaultMin: number;
  /** Extra site-currency bonus for paying with this method, in percent. */
  bonusPercent: number;
  sort: { desktop: number; mobile: number };
  extraFields: ExtraField[];
}

export interface CountryCurrency {
  code: string;
  /** The amount the refill page starts with. */
  defaultAmount: number;
  /** Site-currency units per one unit of this currency, at most 6 decimals. */
  rate: number;
  symbol: string;
}

export interface CountryPaymentConfig {
  /** ISO 3166-1 alpha-2, or `EU` for the euro-area table. */
  country: string;
  currency: CountryCurrency;
  quickSums: { desktop: number[]; mobile: number[] };
  methods: PaymentMethod[];
}

export const DEFAULT_METHOD_MIN = 1;
export const UNLIMITED_MAX = 0;

const field = (
  name: ExtraFieldName,
  validator: FieldValidatorName | null,
  more: Partial<Omit<ExtraField, 'field' | 'validator'>> = {},
): ExtraField => ({
  field: name,
  label: `refill.fields.${name}`,
  required: true,
  default: null,
  options: null,
  validator,
  ...more,
});

const EMAIL = field('email', 'email');
const PHONE = field('phone', 'phone');
const FIRST_NAME = field('first_name', 'name');
const LAST_NAME = field('last_name', 'name');
const DOC_NUMBER = field('doc_number', 'doc_number');

type MethodInput = Omit<PaymentMethod, 'min' | 'max' | 'defaultMin' | 'bonusPercent' | 'label' | 'extraFields' | 'sort'> &
  Partial<Pick<PaymentMethod, 'min' | 'max' | 'defaultMin' | 'bonusPercent' | 'label' | 'extraFields'>> & {
    sort: number | { desktop: number; mobile: number };
  };

/** Fills the spec's defaults: min 1, max 0 (unlimited), defaultMin = min, no bonus. */
function method(m: MethodInput): PaymentMethod {
  const min = m.min ?? DEFAULT_METHOD_MIN;
  return {
    ...m,
    label: m.label ?? null,
    min,
    max: m.max ?? UNLIMITED_MAX,
    defaultMin: m.defaultMin ?? min,
    bonusPercent: m.bonusPercent ?? 0,
    sort: typeof m.sort === 'number' ? { desktop: m.sort, mobile: m.sort } : m.sort,
    extraFields: m.extraFields ?? [],
  };
}

/** Methods every country offers: skins (type 2) and gift cards (type 4). */
const skins = (id: number, sort: number) =>
  method({ id, name: 'Skins', payMethod: 'skins', icon: '/img/payments/skins.svg', type: 2, sort, bonusPercent: 5, label: 'refill.labels.bonus' });
const giftCard = (id: number, sort: number, max: number) =>
  method({ id, name: 'Gift card', payMethod: 'gift_card', icon: '/img/payments/gift-card.svg', type: 4, sort, max });

export const COUNTRY_CONFIGS: Record<string, CountryPaymentConfig> = {
  RU: {
    country: 'RU',
    currency: { code: 'RUB', defaultAmount: 500, rate: 1, symbol: '₽' },
    quickSums: { desktop: [100, 300, 500, 1000, 3000, 5000], mobile: [300, 500, 1000, 3000] },
    methods: [
      method({ id: 101, name: 'SBP', payMethod: 'sbp', icon: '/img/payments/sbp.svg', type: 1, sort: { desktop: 1, mobile: 1 }, min: 100, defaultMin: 50, max: 300_000 }),
      method({ id: 102, name: 'Bank card', payMethod: 'card_ru', icon: '/img/payments/card.svg', type: 1, sort: { desktop: 2, mobile: 3 }, min: 100, max: 150_000, extraFields: [EMAIL] }),
      method({ id: 103, name: 'Card.biz', payMethod: 'card_biz', icon: '/img/payments/card.svg', type: 1, sort: 2, min: 100, max: 150_000, extraFields: [EMAIL] }),
      method({ id: 104, name: 'YooMoney', payMethod: 'yoomoney', icon: '/img/payments/yoomoney.svg', type: 3, sort: { desktop: 3, mobile: 2 }, min: 50, max: 100_000 }),
      method({ id: 105, name: 'Mobile payment', payMethod: 'mobile_ru', icon: '/img/payments/mobile.svg', type: 3, sort: 4, min: 100, max: 15_000, extraFields: [PHONE] }),
      skins(106, 5),
      giftCard(107, 6, 10_000),
    ],
  },
  KZ: {
    country: 'KZ',
    currency: { code: 'KZT', defaultAmount: 3000, rate: 0.19, symbol: '₸' },
    quickSums: { desktop: [1000, 2500, 5000, 10_000, 25_000, 50_000], mobile: [2500, 5000, 10_000, 25_000] },
    methods: [
      method({ id: 201, name: 'Kaspi', payMethod: 'kaspi', icon: '/img/payments/kaspi.svg', type: 3, sort: 1, min: 500, max: 1_000_000, extraFields: [PHONE] }),
      method({ id: 202, name: 'Bank card', payMethod: 'card_kz', icon: '/img/payments/card.svg', type: 1, sort: 2, min: 500, max: 1_000_000, extraFields: [EMAIL] }),
      method({ id: 203, name: 'Card.biz', payMethod: 'card_biz', icon: '/img/payments/card.svg', type: 1, sort: 2, min: 500, max: 1_000_000, extraFields: [EMAIL] }),
      skins(204, 3),
      giftCard(205, 4, 50_000),
    ],
  },
  AZ: {
    country: 'AZ',
    currency: { code: 'AZN', defaultAmount: 10, rate: 55, symbol: '₼' },
    quickSums: { desktop: [5, 10, 20, 50, 100, 200], mobile: [10, 20, 50, 100] },
    methods: [
      method({ id: 301, name: 'Bank card', payMethod: 'card_az', icon: '/img/payments/card.svg', type: 1, sort: 1, min: 2, max: 5000, extraFields: [EMAIL] }),
      method({ id: 302, name: 'm10', payMethod: 'm10', icon: '/img/payments/m10.svg', type: 3, sort: 2, min: 2, max: 2000, extraFields: [PHONE] }),
      skins(303, 3),
    ],
  },
  BR: {
    country: 'BR',
    currency: { code: 'BRL', defaultAmount: 30, rate: 17, symbol: 'R$' },
    quickSums: { desktop: [10, 25, 50, 100, 250, 500], mobile: [25, 50, 100, 250] },
    methods: [
      method({
        id: 401,
        name: 'PIX',
        payMethod: 'pix',
        icon: '/img/payments/pix.svg',
        type: 3,
        sort: 1,
        min: 5,
        max: 10_000,
        bonusPercent: 3,
        extraFields: [
          FIRST_NAME,
          LAST_NAME,
          EMAIL,
          field('doc_type', 'option', {
            default: 'CPF',
            options: [
              { name: 'CPF', value: 'CPF' },
              { name: 'CNPJ', value: 'CNPJ' },
            ],
          }),
          DOC_NUMBER,
        ],
      }),
      method({ id: 402, name: 'Bank card', payMethod: 'card_br', icon: '/img/payments/card.svg', type: 1, sort: 2, min: 5, max: 10_000, extraFields: [EMAIL, DOC_NUMBER] }),
      skins(403, 3),
    ],
  },
  IN: {
    country: 'IN',
    currency: { code: 'INR', defaultAmount: 500, rate: 1.1, symbol: '₹' },
    quickSums: { desktop: [200, 500, 1000, 2000, 5000, 10_000], mobile: [500, 1000, 2000, 5000] },
    methods: [
      method({ id: 501, name: 'UPI', payMethod: 'upi', icon: '/img/payments/upi.svg', type: 3, sort: 1, min: 100, max: 100_000, extraFields: [FIRST_NAME, LAST_NAME, EMAIL, PHONE] }),
      method({ id: 502, name: 'Bank card', payMethod: 'card_in', icon: '/img/payments/card.svg', type: 1, sort: 2, min: 100, max: 100_000, extraFields: [EMAIL, PHONE] }),
      skins(503, 3),
    ],
  },
  EU: {
    country: 'EU',
    currency: { code: 'EUR', defaultAmount: 10, rate: 100, symbol: '€' },
    quickSums: { desktop: [5, 10, 20, 50, 100, 200], mobile: [10, 20, 50, 100] },
    methods: [
      method({ id: 601, name: 'Bank card', payMethod: 'card_eu', icon: '/img/payments/card.svg', type: 1, sort: 1, min: 2, max: 5000, extraFields: [EMAIL] }),
      method({ id: 602, name: 'Card.biz', payMethod: 'card_biz', icon: '/img/payments/card.svg', type: 1, sort: 1, min: 2, max: 5000, extraFields: [EMAIL] }),
      method({ id: 603, name: 'Crypto', payMethod: 'crypto', icon: '/img/payments/crypto.svg', type: 3, sort: 2, min: 5 }),
      skins(604, 3),
      giftCard(605, 4, 500),
    ],
  },
  US: {
    country: 'US',
    currency: { code: 'USD', defaultAmount: 10, rate: 92, symbol: '$' },
    quickSums: { desktop: [5, 10, 20, 50, 100, 200], mobile: [10, 20, 50, 100] },
    methods: [
      method({ id: 701, name: 'Bank card', payMethod: 'card_us', icon: '/img/payments/card.svg', type: 1, sort: 1, min: 2, max: 5000, extraFields: [EMAIL] }),
      method({ id: 702, name: 'Card.biz', payMethod: 'card_biz', icon: '/img/payments/card.svg', type: 1, sort: 1, min: 2, max: 5000, extraFields: [EMAIL] }),
      method({ id: 703, name: 'Crypto', payMethod: 'crypto', icon: '/img/payments/crypto.svg', type: 3, sort: 2, min: 5 }),
      skins(704, 3),
      giftCard(705, 4, 500),
    ],
  },
};

/** The tables a lookup reads: the code's seed above, or the version of the settings in force (decision 076). */
export type CountryTables = Readonly<Record<string, CountryPaymentConfig>>;

/** The table for any country that has none of its own. */
export const DEFAULT_COUNTRY = 'US';
/** The value of the country argument that means "look the country up" (spec §5). */
export const DEFAULT_COUNTRY_PARAM = 'default';

/** Countries served by the euro table. */
export const EU_COUNTRIES: readonly string[] = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT',
  'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
];

/** Headers a CDN or proxy sets with the visitor's country, lower-cased, most trusted first. */
export const COUNTRY_HEADER_NAMES = ['cf-ipcountry', 'x-country-code', 'x-vercel-ip-country', 'cloudfront-viewer-country'] as const;

/** Language subtags that point at a country when the request carries no usable country header. */
const LANGUAGE_COUNTRY: Record<string, string> = {
  ru: 'RU', kk: 'KZ', az: 'AZ', pt: 'BR', hi: 'IN', bn: 'IN', ta: 'IN', te: 'IN', mr: 'IN',
  de: 'EU', fr: 'EU', es: 'EU', it: 'EU', nl: 'EU', pl: 'EU', el: 'EU', fi: 'EU', sv: 'EU',
  cs: 'EU', sk: 'EU', hu: 'EU', ro: 'EU', bg: 'EU', hr: 'EU', sl: 'EU', et: 'EU', lv: 'EU', lt: 'EU', da: 'EU',
  en: DEFAULT_COUNTRY,
};

const ISO2 = /^[A-Z]{2}$/;
/**
 * Codes CDNs send for "unknown" that name no real country. Their codes for anonymous proxies
 * and satellite providers (T1, A1, A2, O1) hold a digit, so the two-letter check refuses them.
 */
const NO_COUNTRY = new Set(['XX', 'ZZ']);

/** The key of the table a real ISO country is served by: its own, the euro one, or the default. */
export function configKeyForIso(iso: string, configs: CountryTables = COUNTRY_CONFIGS): string {
  const code = iso.trim().toUpperCase();
  if (Object.hasOwn(configs, code)) return code;
  if (EU_COUNTRIES.includes(code) && Object.hasOwn(configs, 'EU')) return 'EU';
  return DEFAULT_COUNTRY;
}

/** The table for an ISO code, or null when the code is not two letters (GET /countries/{iso}). */
export function countryConfigForIso(iso: string, configs: CountryTables = COUNTRY_CONFIGS): CountryPaymentConfig | null {
  const code = iso.trim().toUpperCase();
  if (!ISO2.test(code) || NO_COUNTRY.has(code)) return null;
  return configs[configKeyForIso(code, configs)] ?? null;
}

export interface CountryRequest {
  /** One header value or several (in trust order); the first real country wins. */
  countryHeader?: string | readonly (string | null | undefined)[] | null;
  /** X-Client-Language or Accept-Language, e.g. `pt-BR,pt;q=0.9,en;q=0.8`. */
  language?: string | null;
}

export type CountrySource = 'header' | 'language' | 'default';

/** Language tags of an Accept-Language value, best first. */
function languageTags(value: string): string[] {
  return value
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.split(';') as [string, ...string[]];
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0 };
    })
    // `*` and empty tags stay: they name no language, so nothing below matches them.
    .filter((t) => t.weight > 0)
    // Array sort is stable: tags of equal weight keep the order they were sent in.
    .sort((a, b) => b.weight - a.weight)
    .map((t) => t.tag);
}

/**
 * The default-country lookup of spec §5: a country header first (a real country there decides,
 * even one without its own table), else the language (a region subtag with its own table, then
 * the language itself), else the default table.
 */
export function countryKeyForRequest({ countryHeader, language }: CountryRequest, configs: CountryTables = COUNTRY_CONFIGS): { key: string; source: CountrySource } {
  const headers = countryHeader == null ? [] : typeof countryHeader === 'string' ? [countryHeader] : countryHeader;
  for (const value of headers) {
    const code = (value ?? '').trim().toUpperCase();
    if (ISO2.test(code) && !NO_COUNTRY.has(code)) return { key: configKeyForIso(code, configs), source: 'header' };
  }
  for (const tag of languageTags(language ?? '')) {
    const [lang, ...rest] = tag.toLowerCase().split(/[-_]/) as [string, ...string[]];
    const region = rest.find((r) => r.length === 2)?.toUpperCase();
    if (region && (Object.hasOwn(configs, region) || EU_COUNTRIES.includes(region))) {
      return { key: configKeyForIso(region, configs), source: 'language' };
    }
    // Own keys only: a tag such as `constructor` must not find Object.prototype's.
    if (Object.hasOwn(LANGUAGE_COUNTRY, lang)) return { key: configKeyForIso(LANGUAGE_COUNTRY[lang]!, configs), source: 'language' };
  }
  return { key: DEFAULT_COUNTRY, source: 'default' };
}

export function countryForRequest(request: CountryRequest, configs: CountryTables = COUNTRY_CONFIGS): CountryPaymentConfig {
  return configs[countryKeyForRequest(request, configs).key] ?? configs[DEFAULT_COUNTRY]!;
}

/**
 * Resolves the country argument of the payment calls: required; `default` means the lookup.
 * Null when the argument is empty or not a country code.
 */
export function countryForParam(param: string | null | undefined, request: CountryRequest, configs: CountryTables = COUNTRY_CONFIGS): CountryPaymentConfig | null {
  const value = (param ?? '').trim();
  if (value.toLowerCase() === DEFAULT_COUNTRY_PARAM) return countryForRequest(request, configs);
  return countryConfigForIso(value, configs);
}

/** Welcome-redirect methods are the ones whose name contains `.biz` (spec §5). */
export const isWelcomeRedirectMethod = (m: Pick<PaymentMethod, 'name'>): boolean => m.name.toLowerCase().includes('.biz');

/**
 * Spec §5: with the welcome-redirect setting on, only `.biz` methods are kept; with it off,
 * they are left out.
 */
export function methodsForWelcomeRedirect<M extends Pick<PaymentMethod, 'name'>>(methods: readonly M[], welcomeRedirect: boolean): M[] {
  return methods.filter((m) => isWelcomeRedirectMethod(m) === welcomeRedirect);
}

/** Methods in the order of the device's sort key, stable on id. */
export function sortMethods(methods: readonly PaymentMethod[], device: 'desktop' | 'mobile'): PaymentMethod[] {
  return [...methods].sort((a, b) => a.sort[device] - b.sort[device] || a.id - b.id);
}

/** Methods grouped by type (1 common, 2 skin, 3 ecom, 4 gift card) for the refill page, each group sorted. */
export function groupMethodsByType(
  methods: readonly PaymentMethod[],
  device: 'desktop' | 'mobile',
): { type: PaymentMethodType; methods: PaymentMethod[] }[] {
  const sorted = sortMethods(methods, device);
  return Object.values(PAYMENT_METHOD_TYPES)
    .map((type) => ({ type, methods: sorted.filter((m) => m.type === type) }))
    .filter((g) => g.methods.length > 0);
}

/**
 * The minimum in force for a method. `min` is the current minimum; `defaultMin` the one from
 * before the change-min-sum experiment, used while the player's variant keeps the old sum.
 */
export function methodMin(m: Pick<PaymentMethod, 'min' | 'defaultMin'>, opts: { minSumChanged?: boolean } = {}): number {
  const chosen = opts.minSumChanged === false ? m.defaultMin : m.min;
  return chosen > 0 ? chosen : DEFAULT_METHOD_MIN;
}

export const findMethod = (config: CountryPaymentConfig, methodId: number): PaymentMethod | null =>
  config.methods.find((m) => m.id === methodId) ?? null;
