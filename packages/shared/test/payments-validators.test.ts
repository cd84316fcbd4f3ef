import { describe, expect, it } from 'vitest';
import {
  phoneCountry,
  validateDocNumber,
  validateEmail,
  validateExtraFields,
  validateName,
  validatePhone,
} from '../src/payments/validators.ts';
import { COUNTRY_CONFIGS, findMethod } from '../src/payments/countries.ts';

describe('e-mail', () => {
  it('accepts standard addresses and refuses the rest', () => {
    expect(validateEmail(' player@example.com ')).toEqual({ ok: true, value: 'player@example.com' });
    expect(validateEmail('first.last+tag@mail.co.uk').ok).toBe(true);
    for (const bad of ['player', 'player@', '@example.com', 'player@example', 'pl ayer@example.com', 'a@b..com', 'a@-b.com']) {
      expect(validateEmail(bad), bad).toEqual({ ok: false, error: 'emailInvalid' });
    }
    expect(validateEmail('')).toEqual({ ok: false, error: 'fieldRequired' });
    expect(validateEmail(`${'a'.repeat(250)}@b.com`)).toEqual({ ok: false, error: 'fieldTooLong' });
  });
});

describe('phone, validated and formatted by country (spec §5)', () => {
  it('reads RU when the code is 00 or empty', () => {
    expect(phoneCountry('00')).toBe('RU');
    expect(phoneCountry('')).toBe('RU');
    expect(phoneCountry(null)).toBe('RU');
    expect(phoneCountry('kz')).toBe('KZ');
    expect(phoneCountry('EU')).toBeUndefined();
    expect(validatePhone('8 916 123-45-67', '00')).toEqual({ ok: true, value: '+7 916 123 45 67', e164: '+79161234567' });
    expect(validatePhone('89161234567', '')).toMatchObject({ ok: true, e164: '+79161234567' });
  });

  const valid: [string, string, string][] = [
    ['RU', '+7 (916) 123-45-67', '+7 916 123 45 67'],
    ['RU', '79161234567', '+7 916 123 45 67'],
    ['KZ', '8 701 234 5678', '+7 701 234 5678'],
    ['AZ', '050 123 45 67', '+994 50 123 45 67'],
    ['BR', '(11) 91234-5678', '+55 11 91234 5678'],
    ['IN', '98765 43210', '+91 98765 43210'],
    ['IN', '+91 98765-43210', '+91 98765 43210'],
    ['DE', '030 123456', '+49 30 123456'],
    ['DE', '01512 3456789', '+49 1512 3456789'],
    ['US', '(201) 555-0123', '+1 201 555 0123'],
    ['EU', '+49 1512 3456789', '+49 1512 3456789'],
  ];
  it.each(valid)('%s %s → %s', (country, raw, formatted) => {
    const r = validatePhone(raw, country);
    expect(r).toMatchObject({ ok: true, value: formatted });
  });

  const invalid: [string, string][] = [
    ['RU', '8 916 123456'], // one digit short; the small metadata would accept it
    ['RU', '+7 000 000 00 00'],
    ['RU', '123'],
    ['KZ', '8 701 234 567'],
    ['BR', '(11) 1234-567'],
    ['IN', '12345'],
    ['DE', '0'],
    ['US', '(201) 055-0123'], // exchange cannot start with 0
    ['US', '555-0123'],
    ['EU', '030 123456'], // no country to read a national number in
    ['RU', '+7 916 123 45 67 ext'],
    ['RU', '<script>'],
  ];
  it.each(invalid)('%s %s is refused', (country, raw) => {
    expect(validatePhone(raw, country)).toEqual({ ok: false, error: 'phoneInvalid' });
  });

  it('requires a value', () => {
    expect(validatePhone('  ', 'RU')).toEqual({ ok: false, error: 'fieldRequired' });
  });
});

describe('document number: digits, commas and hyphens only (spec §5)', () => {
  it('checks', () => {
    expect(validateDocNumber('123.456.789-09')).toEqual({ ok: false, error: 'docNumberInvalid' });
    expect(validateDocNumber('123456789-09')).toEqual({ ok: true, value: '123456789-09' });
    expect(validateDocNumber('12,34-56')).toEqual({ ok: true, value: '12,34-56' });
    expect(validateDocNumber('12 34')).toEqual({ ok: false, error: 'docNumberInvalid' });
    expect(validateDocNumber('AB123')).toEqual({ ok: false, error: 'docNumberInvalid' });
    expect(validateDocNumber('')).toEqual({ ok: false, error: 'fieldRequired' });
  });
});

describe('names', () => {
  it('accepts letters of any script with inner separators', () => {
    for (const name of ['Ivan', 'Иван', "O'Brien", 'Anne-Marie', 'José  María', 'Ng. Văn', 'Əli']) {
      expect(validateName(name).ok, name).toBe(true);
    }
    expect(validateName('  José  María ')).toEqual({ ok: true, value: 'José María' });
    for (const name of ['Ivan1', '-Ivan', 'Ivan-', 'a@b', '<b>']) expect(validateName(name), name).toEqual({ ok: false, error: 'nameInvalid' });
    expect(validateName('A'.repeat(51))).toEqual({ ok: false, error: 'fieldTooLong' });
  });
});

describe('extra fields of a method', () => {
  it('validates the PIX fields of Brazil and normalises them', () => {
    const pix = findMethod(COUNTRY_CONFIGS.BR!, 401)!;
    const ok = validateExtraFields(
      pix.extraFields,
      { first_name: ' João ', last_name: 'Silva', email: 'joao@example.com', doc_number: '123456789-09', phone: 'ignored' },
      'BR',
    );
    expect(ok).toEqual({
      ok: true,
      errors: {},
      values: { first_name: 'João', last_name: 'Silva', email: 'joao@example.com', doc_type: 'CPF', doc_number: '123456789-09' },
    });
    const bad = validateExtraFields(pix.extraFields, { first_name: '', email: 'nope', doc_type: 'PASSPORT', doc_number: '12a' }, 'BR');
    expect(bad.ok).toBe(false);
    expect(bad.errors).toEqual({
      first_name: 'fieldRequired',
      last_name: 'fieldRequired',
      email: 'emailInvalid',
      doc_type: 'optionInvalid',
      doc_number: 'docNumberInvalid',
    });
  });
  it('gives phones to the provider in E.164, read in the country of the table', () => {
    const kaspi = findMethod(COUNTRY_CONFIGS.KZ!, 201)!;
    expect(validateExtraFields(kaspi.extraFields, { phone: '8 701 234 5678' }, 'KZ').values).toEqual({ phone: '+77012345678' });
    const upi = findMethod(COUNTRY_CONFIGS.IN!, 501)!;
    const r = validateExtraFields(upi.extraFields, { first_name: 'Ravi', last_name: 'Kumar', email: 'r@k.in', phone: '98765 43210' }, 'IN');
    expect(r).toMatchObject({ ok: true, values: { phone: '+919876543210' } });
  });
});
