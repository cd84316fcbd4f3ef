/**
 * The extra-field validators of spec §5 for the refill form. The web shows the error key next
 * to the field and the server runs the same checks before starting a transaction, so they
 * return error keys (texts under `refill.errors.<key>`) and never throw.
 */
import { parsePhoneNumberFromString, isSupportedCountry, type CountryCode } from 'libphonenumber-js/max';
import type { ExtraField, ExtraFieldName, FieldValidatorName } from './countries.ts';

export type FieldError =
  | 'fieldRequired'
  | 'emailInvalid'
  | 'phoneInvalid'
  | 'docNumberInvalid'
  | 'nameInvalid'
  | 'optionInvalid'
  | 'fieldTooLong';

export type FieldResult = { ok: true; value: string } | { ok: false; error: FieldError };

const ok = (value: string): FieldResult => ({ ok: true, value });
const fail = (error: FieldError): FieldResult => ({ ok: false, error });

/** Longest value any extra field accepts; providers cut longer ones anyway. */
export const MAX_FIELD_LENGTH = 100;

// The WHATWG form e-mail pattern with a dotted domain: what "a standard email pattern" means in practice.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function validateEmail(raw: string): FieldResult {
  const value = raw.trim();
  if (!value) return fail('fieldRequired');
  if (value.length > 254) return fail('fieldTooLong');
  return EMAIL.test(value) ? ok(value) : fail('emailInvalid');
}

/**
 * The country a phone number is read in: RU when the code is `00` or empty (spec §5), and
 * also for codes libphonenumber has no table for (`EU`), where the number must carry `+`.
 */
export function phoneCountry(countryCode: string | null | undefined): CountryCode | undefined {
  const code = (countryCode ?? '').trim().toUpperCase();
  if (code === '' || code === '00') return 'RU';
  return isSupportedCountry(code) ? code : undefined;
}

export interface PhoneResult {
  ok: true;
  /** International format for showing, e.g. `+7 916 123 45 67`. */
  value: string;
  /** E.164 for the provider, e.g. `+79161234567`. */
  e164: string;
}

/**
 * Validates a phone against the full metadata (the small set accepts malformed numbers such as
 * `8 916 123456` in RU) and formats it internationally.
 */
export function validatePhone(raw: string, countryCode: string | null | undefined): PhoneResult | { ok: false; error: FieldError } {
  const value = raw.trim();
  if (!value) return { ok: false, error: 'fieldRequired' };
  if (value.length > 32 || !/^[+\d\s().-]+$/.test(value)) return { ok: false, error: 'phoneInvalid' };
  const parsed = parsePhoneNumberFromString(value, phoneCountry(countryCode));
  if (!parsed || !parsed.isValid()) return { ok: false, error: 'phoneInvalid' };
  return { ok: true, value: parsed.formatInternational(), e164: parsed.number };
}

/** Document numbers accept digits, commas and hyphens only (spec §5). */
export function validateDocNumber(raw: string): FieldResult {
  const value = raw.trim();
  if (!value) return fail('fieldRequired');
  if (value.length > 32) return fail('fieldTooLong');
  return /^[\d,-]+$/.test(value) ? ok(value) : fail('docNumberInvalid');
}

/** A first or last name: letters of any script, with inner spaces, hyphens, apostrophes and dots. */
export function validateName(raw: string): FieldResult {
  const value = raw.trim().replace(/\s+/g, ' ');
  if (!value) return fail('fieldRequired');
  if (value.length > 50) return fail('fieldTooLong');
  return /^\p{L}[\p{L}\p{M}' .-]*$/u.test(value) && /\p{L}$/u.test(value) ? ok(value) : fail('nameInvalid');
}

function validateOption(raw: string, options: ExtraField['options']): FieldResult {
  const value = raw.trim();
  if (!value) return fail('fieldRequired');
  return options?.some((o) => o.value === value) ? ok(value) : fail('optionInvalid');
}

/** Runs one named validator; a field without a validator only gets trimmed and length-checked. */
export function validateField(
  validator: FieldValidatorName | null,
  raw: string,
  opts: { country?: string | null; options?: ExtraField['options'] } = {},
): FieldResult {
  switch (validator) {
    case 'email':
      return validateEmail(raw);
    case 'phone': {
      const r = validatePhone(raw, opts.country);
      return r.ok ? ok(r.e164) : r;
    }
    case 'doc_number':
      return validateDocNumber(raw);
    case 'name':
      return validateName(raw);
    case 'option':
      return validateOption(raw, opts.options ?? null);
    case null: {
      const value = raw.trim();
      if (!value) return fail('fieldRequired');
      return value.length > MAX_FIELD_LENGTH ? fail('fieldTooLong') : ok(value);
    }
  }
}

export interface ExtraFieldsResult {
  /** Normalised values (phones in E.164) of every field that passed or was optional and filled. */
  values: Partial<Record<ExtraFieldName, string>>;
  errors: Partial<Record<ExtraFieldName, FieldError>>;
  ok: boolean;
}

/**
 * Checks the values a player sent against a method's extra fields. A missing optional field is
 * skipped; its default (if any) is used. Fields the method does not declare are dropped.
 */
export function validateExtraFields(
  fields: readonly ExtraField[],
  input: Readonly<Record<string, string | null | undefined>>,
  country: string | null | undefined,
): ExtraFieldsResult {
  const values: ExtraFieldsResult['values'] = {};
  const errors: ExtraFieldsResult['errors'] = {};
  for (const f of fields) {
    const raw = (input[f.field] ?? '').trim() || (f.default ?? '');
    if (!raw) {
      if (f.required) errors[f.field] = 'fieldRequired';
      continue;
    }
    const r = validateField(f.validator, raw, { country, options: f.options });
    if (r.ok) values[f.field] = r.value;
    else errors[f.field] = r.error;
  }
  return { values, errors, ok: Object.keys(errors).length === 0 };
}
