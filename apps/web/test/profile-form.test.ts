import { describe, expect, it } from 'vitest';
import { errorMessage } from '@store/shared/errors';
import { checkProfileForm, fieldOfError, formFromMe, profileChanges } from '#app/features/account/utils/profile-form.ts';
import { regionName } from '#app/lib/region-name.ts';
import { deviceOf } from '#app/features/account/utils/device.ts';

const me = { nickname: 'Kirill', personal: { firstName: 'Кирилл', lastName: null, email: 'k@example.com', city: null, country: 'RU', ip: '203.0.113.7', emailConfirmed: false } };

describe('the settings form', () => {
  it('starts from the saved player, empty where nothing is saved', () => {
    expect(formFromMe(me)).toEqual({ nickname: 'Kirill', first_name: 'Кирилл', last_name: '', email: 'k@example.com', city: '', country: 'RU' });
  });

  it('checks each field with the shared rule, naming the server’s codes', () => {
    expect(checkProfileForm({ nickname: 'ab', first_name: 'Анна-Мария', email: 'not-an-address', city: 'Нижний Новгород', country: 'XX' })).toEqual({
      nickname: 'profile_nickname',
      email: 'profile_email',
      country: 'profile_country',
    });
    expect(checkProfileForm({ first_name: 'R2D2', last_name: '', city: '' })).toEqual({ first_name: 'profile_name' });
    expect(checkProfileForm({ nickname: '  Kirill  ', email: '' })).toEqual({});
  });

  it('shows the same words the server would', () => {
    expect(errorMessage('profile_nickname', 'ru')).toMatch(/^Никнейм/);
    expect(errorMessage('profile_nickname', 'en')).toMatch(/^A nickname/);
  });

  it('sends only what changed, trimmed; an emptied field clears it', () => {
    const saved = formFromMe(me);
    expect(profileChanges({ nickname: ' Kirill ', first_name: 'Кирилл' }, saved)).toEqual({});
    expect(profileChanges({ first_name: '', city: ' Казань ', country: 'kz' }, saved)).toEqual({ first_name: '', city: 'Казань', country: 'KZ' });
  });

  it('puts a server refusal under the field it is about', () => {
    expect(fieldOfError('profile_email', { email: 'x' })).toBe('email');
    expect(fieldOfError('profile_name', { first_name: '1', last_name: 'Ok' })).toBe('first_name');
    expect(fieldOfError('profile_name', { first_name: 'Ok', last_name: '1' })).toBe('last_name');
    expect(fieldOfError('email_too_often', {})).toBeNull();
  });

  it('names countries in the page’s language', () => {
    expect(regionName('DE', 'en')).toBe('Germany');
    expect(regionName('DE', 'ru')).toBe('Германия');
    // Asked again, the same names (one region table per language, kept).
    expect(regionName('DE', 'ru')).toBe('Германия');
    expect(regionName('AT', 'ru')).toBe('Австрия');
  });

  it('tells sessions apart by browser and system', () => {
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36')).toBe('Chrome · Windows');
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1')).toBe('Safari · iOS');
    expect(deviceOf(null)).toBeNull();
    expect(deviceOf('curl/8.0')).toBeNull();
  });
});
