import { describe, expect, it } from 'vitest';
import { playerTexts } from '#app/lib/i18n-all.ts';
import { addAlert, ALERT_SHOW_MS, closeAlert, type Alert } from '#app/lib/alert-stack.ts';
import { ALERT_CODES, isAlertCode } from '#app/lib/alert-codes.ts';

const alert = (id: number): Alert => ({ id, kind: 'info', text: `#${id}`, title: id % 2 ? `title ${id}` : undefined });

describe('the alert stack (spec §9)', () => {
  it('shows each alert for 3000 ms', () => {
    expect(ALERT_SHOW_MS).toBe(3000);
  });

  it('keeps at most 10: the eleventh replaces the oldest, in order, titles kept', () => {
    let list: Alert[] = [];
    for (let id = 1; id <= 10; id++) list = addAlert(list, alert(id));
    expect(list.map((a) => a.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    list = addAlert(list, alert(11));
    expect(list.map((a) => a.id)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    for (let id = 12; id <= 30; id++) list = addAlert(list, alert(id));
    expect(list).toHaveLength(10);
    expect(list[0]).toEqual({ id: 21, kind: 'info', text: '#21', title: 'title 21' });
  });

  it('closes one alert by id and leaves the others where they were', () => {
    const list = [alert(1), alert(2), alert(3)];
    expect(closeAlert(list, 2).map((a) => a.id)).toEqual([1, 3]);
    expect(closeAlert(list, 9)).toEqual(list);
  });
});

/** Spec §8 "Alert or status codes", as the spec lists them. */
const SPEC_CODES = [
  'all_items_in_sale_queue',
  'data_updated',
  'enter_success',
  'error',
  'error_battle_authorize',
  'error_event_settings',
  'error_generation',
  'error_max_rounds',
  'error_not_enough_funds',
  'error_not_enough_funds_for_battle',
  'error_occurred',
  'error_skin_transfer',
  'error_too_many_rounds',
  'error_item_withdrawal',
  'item_in_sale_queue',
  'item_in_withdrawal_queue',
  'item_in_withdrawal_steam_queue',
  'item_received',
  'item_transfer_canceled',
  'joining_battle',
  'level_generation',
  'preparing_to_dispatch',
  'registration_success',
  'status_not_found',
  'steam_data_saved_successfully',
  'itemType3CreditedToTheBalance',
];

const lookup = (texts: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), texts);

describe('the alert or status codes of spec §8', () => {
  it('are all known, and nothing else is', () => {
    expect(Object.keys(ALERT_CODES).sort()).toEqual([...SPEC_CODES].sort());
    expect(isAlertCode('item_received')).toBe(true);
    expect(isAlertCode('toString')).toBe(false);
  });

  it.each(SPEC_CODES)('%s has a Russian and an English text, different from each other', (code) => {
    const { key } = ALERT_CODES[code as keyof typeof ALERT_CODES];
    const ru = lookup(playerTexts.ru, key);
    const en = lookup(playerTexts.en, key);
    expect(typeof ru === 'string' && ru.trim().length > 0, `ru ${key}`).toBe(true);
    expect(typeof en === 'string' && en.trim().length > 0, `en ${key}`).toBe(true);
    expect(ru).not.toEqual(en);
    expect(ru as string).toMatch(/[а-яё]/i);
  });

  it('errors look like errors and the good news like good news', () => {
    for (const [code, { kind }] of Object.entries(ALERT_CODES)) {
      if (code.startsWith('error') || code === 'status_not_found' || code === 'item_transfer_canceled') expect(kind, code).toBe('error');
      else expect(kind, code).not.toBe('error');
    }
  });
});
