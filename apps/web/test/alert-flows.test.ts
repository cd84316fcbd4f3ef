import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@store/shared/errors';
import { DEFAULT_COIN_COLOR } from '@store/shared/battle-pass';
import { playerTexts } from '#app/lib/i18n-all.ts';
import { ALERT_CODES, failureAlert, refusalAlertCode } from '#app/lib/alert-codes.ts';
import { ApiError } from '#app/lib/api.ts';
import { coinLookOf, DEFAULT_COIN_LOOK } from '#app/lib/coin-look.ts';
import { eventSettingsFailed } from '#app/features/event/utils/event-view.ts';

/** Which §8 alert code a failure is shown with (decision 054). */

const lookup = (texts: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), texts);

describe('the refusals the client shows as a §8 alert code', () => {
  it('shows a case or an offer refused for want of balance as error_not_enough_funds, with its text', () => {
    expect(refusalAlertCode(new ApiError(402, 'balance_error', 'Недостаточно средств на балансе').code)).toBe('error_not_enough_funds');
    expect(ALERT_CODES.error_not_enough_funds).toEqual({ key: 'alertCodes.error_not_enough_funds', kind: 'error' });
    // The words are the store's own refusal's, so the alert reads as the server's message did.
    expect(lookup(playerTexts.ru, ALERT_CODES.error_not_enough_funds.key)).toBe(errorCatalogue.balance_error.ru);
    expect(lookup(playerTexts.en, ALERT_CODES.error_not_enough_funds.key)).toBe(errorCatalogue.balance_error.en);
  });

  it('leaves every other refusal to its own text: a battle has its own code, the rest their catalogue message', () => {
    for (const code of ['error_not_enough_funds_for_battle', 'coins_error', 'case_not_available', 'unpredicted', 'toString', undefined])
      expect(refusalAlertCode(code), String(code)).toBeNull();
    expect(failureAlert(new ApiError(409, 'case_not_available', 'Кейс сейчас недоступен'))).toEqual({ text: 'Кейс сейчас недоступен' });
    expect(failureAlert(new ApiError(402, 'balance_error', 'Недостаточно средств на балансе'))).toEqual({ code: 'error_not_enough_funds' });
  });

  it('titles a failure that is not the server’s answer with the generic code "error"', () => {
    expect(failureAlert(new TypeError('Failed to fetch'))).toEqual({ text: 'Failed to fetch', titleCode: 'error' });
    expect([lookup(playerTexts.ru, ALERT_CODES.error.key), lookup(playerTexts.en, ALERT_CODES.error.key)]).toEqual(['Ошибка', 'Error']);
  });
});

describe('the event settings failing (spec §8 silent failures and error_event_settings)', () => {
  it('shows "error_event_settings" only once the loader and the browser have both failed to read them', () => {
    expect(eventSettingsFailed(true, { isError: true, data: undefined })).toBe(true);
    // The browser read them after the loader failed: the event shows, no alert.
    expect(eventSettingsFailed(true, { isError: false, data: { slug: 'spring' } })).toBe(false);
    // Still trying: nothing said yet.
    expect(eventSettingsFailed(true, { isError: false, data: undefined })).toBe(false);
    // The loader read "no event" (null): that is not a failure.
    expect(eventSettingsFailed(false, { isError: false, data: null })).toBe(false);
  });

  it('falls back to the default coin icon and #F03573 meanwhile', () => {
    expect(DEFAULT_COIN_COLOR).toBe('#F03573');
    expect(coinLookOf(null)).toEqual({ icon: null, color: '#F03573' });
    expect(coinLookOf(undefined)).toBe(DEFAULT_COIN_LOOK);
  });
});
