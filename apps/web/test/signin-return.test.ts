import { describe, expect, it } from 'vitest';
import { SIGNIN_ERROR_PARAM as CONTRACT_ERROR, SIGNIN_RESULT_PARAM as CONTRACT_RESULT } from '@store/shared/api/auth';
import { SIGNIN_ERROR_PARAM, SIGNIN_RESULT_PARAM, readSigninOutcome, returnPathOf, withoutSigninParams } from '#app/features/auth/utils/signin-return.ts';
import { signinErrorText } from '#app/features/auth/components/signin-return.tsx';
import { providerStartUrl } from '#app/lib/provider-signin.ts';

describe('the return from a sign-in provider', () => {
  it('reads the parameter names the auth contract names', () => {
    expect(SIGNIN_RESULT_PARAM).toBe(CONTRACT_RESULT);
    expect(SIGNIN_ERROR_PARAM).toBe(CONTRACT_ERROR);
  });

  it('signed in to an existing or a new account, or linked', () => {
    expect(readSigninOutcome('?signin=ok&provider=steam')).toEqual({ kind: 'signed-in', isNew: false, provider: 'steam' });
    expect(readSigninOutcome('?page=2&signin=new&provider=vk')).toEqual({ kind: 'signed-in', isNew: true, provider: 'vk' });
    expect(readSigninOutcome('?signin=linked&provider=google')).toEqual({ kind: 'linked', provider: 'google' });
  });

  it('an error names its catalogue code, shown in the page’s language; an unknown code reads as a failed sign-in', async () => {
    expect(readSigninOutcome('?signin_error=identity_taken&provider=google')).toEqual({ kind: 'error', code: 'identity_taken', provider: 'google' });
    // An error wins over a result that came with it.
    expect(readSigninOutcome('?signin=ok&signin_error=signin_failed')).toMatchObject({ kind: 'error', code: 'signin_failed', provider: null });
    expect(await signinErrorText('identity_taken', 'en', 'Google')).toBe('This Google account is already linked to another profile');
    expect(await signinErrorText('identity_taken', 'ru', 'Google')).toBe('Этот аккаунт Google уже привязан к другому профилю');
    expect(await signinErrorText('whatever', 'en', 'Steam')).toBe('Signing in with Steam failed, please try again');
  });

  it('nothing to say on an ordinary address, an unknown result or a foreign provider name', () => {
    expect(readSigninOutcome('')).toBeNull();
    expect(readSigninOutcome('?page=2')).toBeNull();
    expect(readSigninOutcome('?signin=maybe')).toBeNull();
    expect(readSigninOutcome('?signin=ok&provider=facebook')).toEqual({ kind: 'signed-in', isNew: false, provider: null });
  });

  it('drops only the sign-in parameters, keeping the page’s own in order', () => {
    expect(withoutSigninParams('?signin=ok&provider=steam')).toBe('');
    expect(withoutSigninParams('?tab=2&signin=ok&provider=steam&q=a%20b')).toBe('?tab=2&q=a+b');
    expect(withoutSigninParams('?signin_error=signin_failed&provider=vk&sort=new')).toBe('?sort=new');
    expect(withoutSigninParams('')).toBe('');
  });

  it('comes back to the page it started from, without an earlier result', () => {
    expect(returnPathOf('/en/daily-cases', '')).toBe('/en/daily-cases');
    expect(returnPathOf('/leaderboard', '?type=weekly&signin_error=signin_failed&provider=vk')).toBe('/leaderboard?type=weekly');
  });

  it('asks to come back only to a page of this site, by the rule the server applies', () => {
    // A page at https://store//evil.example/x has that pathname; sent as is it would read as another host.
    for (const pathname of ['//evil.example/x', '/.//evil.example/x', '/%2e//evil.example', '/a/..//evil.example', '/\\evil.example']) {
      expect(returnPathOf(pathname, '?tab=2'), pathname).toBe('/');
      expect(providerStartUrl('google', pathname), pathname).toBe('/api/v1/auth/google?return_to=%2F');
    }
    expect(returnPathOf('/en/a/../cases', '?signin=ok&provider=vk')).toBe('/en/cases');
  });

  it('starts at the provider’s address with the return path, and link=1 from the settings', () => {
    expect(providerStartUrl('steam', '/leaderboard?type=weekly')).toBe('/api/v1/auth/steam?return_to=%2Fleaderboard%3Ftype%3Dweekly');
    expect(providerStartUrl('vk', '/en/profile/settings', { link: true })).toBe('/api/v1/auth/vk?return_to=%2Fen%2Fprofile%2Fsettings&link=1');
  });
});
