import { describe, expect, it } from 'vitest';
import {
  MAX_FIELD_LENGTH,
  phoneCountry,
  validateDocNumber,
  validateEmail,
  validateExtraFields,
  validateName,
  validateField,
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
  it('takes up to 254 characters and one-letter labels, as the WHATWG pattern does, and nothing after the domain', () => {
    expect(validateEmail(`${'a'.repeat(248)}@b.com`).ok).toBe(true);
    expect(validateEmail(`${'a'.repeat(249)}@b.com`)).toEqual({ ok: false, error: 'fieldTooLong' });
    expect(validateEmail('a@b.c')).toEqual({ ok: true, value: 'a@b.c' });
    expect(validateEmail('player@example.com>')).toEqual({ ok: false, error: 'emailInvalid' });
  });
});

describe('phone, validated and formatted by country (spec §5)', () => {
  it('reads RU when the code is 00 or empty', () => {
    expect(phoneCountry('00')).toBe('RU');
    expect(phoneCountry('')).toBe('RU');
    expect(phoneCountry(null)).toBe('RU');
    expect(phoneCountry('kz')).toBe('KZ');
    expect(phoneCountry(' kz ')).toBe('KZ');
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

  it('takes up to 32 characters of digits, spaces and phone punctuation, and nothing in front', () => {
    const spaced = (n: number) => `+7 916 123 45${' '.repeat(n)}67`; // 15 characters and n spaces
    expect(validatePhone(spaced(17), 'RU')).toMatchObject({ ok: true, e164: '+79161234567' });
    expect(validatePhone(spaced(18), 'RU')).toEqual({ ok: false, error: 'phoneInvalid' });
    expect(validatePhone('tel+7 916 123 45 67', 'RU')).toEqual({ ok: false, error: 'phoneInvalid' });
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
    expect(validateDocNumber(' 123-45 ')).toEqual({ ok: true, value: '123-45' });
    expect(validateDocNumber('1'.repeat(32))).toEqual({ ok: true, value: '1'.repeat(32) });
    expect(validateDocNumber('1'.repeat(33))).toEqual({ ok: false, error: 'fieldTooLong' });
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
    expect(validateName('A'.repeat(50))).toEqual({ ok: true, value: 'A'.repeat(50) });
    expect(validateName('   ')).toEqual({ ok: false, error: 'fieldRequired' });
  });
});

describe('one field by validator name', () => {
  const docTypes = [{ name: 'CPF', value: 'CPF' }, { name: 'CNPJ', value: 'CNPJ' }];
  it('checks an option against the choices, trimmed', () => {
    expect(validateField('option', ' CNPJ ', { options: docTypes })).toEqual({ ok: true, value: 'CNPJ' });
    expect(validateField('option', '  ', { options: docTypes })).toEqual({ ok: false, error: 'fieldRequired' });
    expect(validateField('option', 'CPF', {})).toEqual({ ok: false, error: 'optionInvalid' });
  });
  it('only trims and length-checks a field without a validator', () => {
    expect(validateField(null, '  anything at all ')).toEqual({ ok: true, value: 'anything at all' });
    expect(validateField(null, ' ')).toEqual({ ok: false, error: 'fieldRequired' });
    expect(validateField(null, 'x'.repeat(MAX_FIELD_LENGTH))).toEqual({ ok: true, value: 'x'.repeat(MAX_FIELD_LENGTH) });
    expect(validateField(null, 'x'.repeat(MAX_FIELD_LENGTH + 1))).toEqual({ ok: false, error: 'fieldTooLong' });
  });
  it('hands the provider a phone in E.164', () => {
    expect(validateField('phone', '8 916 123-45-67', { country: 'RU' })).toEqual({ ok: true, value: '+79161234567' });
    expect(validateField('phone', '123', { country: 'RU' })).toEqual({ ok: false, error: 'phoneInvalid' });
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
  it('skips a missing optional field, and uses the default for a blank one', () => {
    const fields = [
      { field: 'phone' as const, label: 'refill.fields.phone', required: false, default: null, options: null, validator: 'phone' as const },
      { field: 'doc_type' as const, label: 'refill.fields.doc_type', required: true, default: 'CPF', options: [{ name: 'CPF', value: 'CPF' }], validator: 'option' as const },
    ];
    expect(validateExtraFields(fields, { phone: '  ', doc_type: '   ' }, 'BR')).toEqual({ ok: true, errors: {}, values: { doc_type: 'CPF' } });
    expect(validateExtraFields(fields, {}, 'BR')).toEqual({ ok: true, errors: {}, values: { doc_type: 'CPF' } });
  });
  it('gives phones to the provider in E.164, read in the country of the table', () => {
    const kaspi = findMethod(COUNTRY_CONFIGS.KZ!, 201)!;
    expect(validateExtraFields(kaspi.extraFields, { phone: '8 701 234 5678' }, 'KZ').values).toEqual({ phone: '+77012345678' });
    const upi = findMethod(COUNTRY_CONFIGS.IN!, 501)!;
    const r = validateExtraFields(upi.extraFields, { first_name: 'Ravi', last_name: 'Kumar', email: 'r@k.in', phone: '98765 43210' }, 'IN');
    expect(r).toMatchObject({ ok: true, values: { phone: '+919876543210' } });
  });
});
