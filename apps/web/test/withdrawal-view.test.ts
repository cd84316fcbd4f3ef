import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@store/shared/errors';
import { isWithdrawing, statusKey, statusTone } from '#app/features/inventory/utils/item-status.ts';
import { steamFieldOf } from '#app/features/inventory/utils/steam-fields.ts';
import { AlertMemory, KNOWN_WITHDRAWAL_ALERTS, withdrawalAlertKind } from '#app/features/inventory/utils/withdrawal-alerts.ts';
import { ITEM_STATUSES } from '@store/shared/constants';
import { playerTexts } from '#app/lib/i18n-all.ts';

describe('withdrawal views', () => {
  it('every item status and every withdrawal alert has a text in both languages', () => {
    for (const texts of [playerTexts.ru, playerTexts.en] as { inventory: { status: Record<string, string> }; alerts: Record<string, string> }[]) {
      const statuses = texts.inventory.status;
      for (const s of [...ITEM_STATUSES, 'EXCHANGING']) expect(statuses[statusKey(s)], s).toBeTruthy();
      const alerts = texts.alerts;
      for (const a of [...KNOWN_WITHDRAWAL_ALERTS, 'itemType3CreditedToTheBalance', 'all_items_in_sale_queue', 'item_in_sale_queue', 'steam_data_saved_successfully']) expect(alerts[a], a).toBeTruthy();
    }
  });

  it('tells good news from bad', () => {
    expect(['item_in_withdrawal_queue', 'preparing_to_dispatch', 'item_in_withdrawal_steam_queue', 'item_received'].map(withdrawalAlertKind)).toEqual(['success', 'success', 'success', 'success']);
    expect(['item_transfer_canceled', 'error_item_withdrawal', 'error_skin_transfer'].map(withdrawalAlertKind)).toEqual(['error', 'error', 'error']);
  });

  it('labels the withdrawing statuses as busy and the delivered one as done', () => {
    expect(['PREPARING', 'vendor waiting', 'send', 'CONFIRM_STEAM'].every(isWithdrawing)).toBe(true);
    expect(statusTone('vendor waiting')).toBe('busy');
    expect(statusTone('STEAM_WITHDRAWN')).toBe('done');
    expect(statusKey('vendor waiting')).toBe('vendor_waiting');
  });

  it("shows spec §4's sold status (accepted) as this store's own (selled): the same words and the same tone", async () => {
    const { i18nFor } = await import('#app/lib/i18n.ts');
    await import('#app/lib/i18n-all.ts');
    expect(statusTone('accepted')).toBe(statusTone('selled'));
    for (const lang of ['ru', 'en'] as const) expect(i18nFor(lang).t('inventory.status.accepted')).toBe(i18nFor(lang).t('inventory.status.selled'));
  });

  it('says each alert once per item and withdrawal', () => {
    const memory = new AlertMemory();
    expect(memory.first(1, 'item_in_withdrawal_queue')).toBe(true);
    expect(memory.first(1, 'item_in_withdrawal_queue')).toBe(false);
    expect(memory.first(2, 'item_in_withdrawal_queue')).toBe(true);
    memory.forget(1);
    expect(memory.first(1, 'item_in_withdrawal_queue')).toBe(true);
  });

  it('puts each Steam refusal under its field', () => {
    const codes = Object.keys(errorCatalogue).filter((c) => c.startsWith('steam'));
    expect(Object.fromEntries(codes.map((c) => [c, steamFieldOf(c)]))).toEqual({
      steamLogin: null,
      steamUrlEmpty: 'link',
      steamUrlValidation: 'link',
      steamLoginEmpty: 'login',
      steamLoginLength: 'login',
      steamLoginShort: 'login',
      steamLoginValid: 'login',
      steamLoginLatinFirst: 'login',
      // A trade ban is Steam's verdict on the account: no field mends it; an expired link is replaced in the field.
      steam_trade_ban: null,
      steam_trade_link_expired: 'link',
    });
    expect(steamFieldOf('invalidItem')).toBeNull();
  });
});
