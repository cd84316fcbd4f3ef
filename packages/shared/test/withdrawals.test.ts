import { describe, expect, it } from 'vitest';
import { ACTIVE_WITHDRAWAL_STATES, itemStatusOf, priceCeiling, REPLACEMENT_OFFERS, replacementWindow, SUPPORT_AFTER_MS, tradeLinkParts, unpackDurationMs, WITHDRAWAL_COUNTDOWN_MS, WITHDRAWAL_STATES, withdrawalAlert } from '../src/withdrawals.ts';

describe('withdrawal rules', () => {
  it('show each state of a withdrawal as the item status of spec §3', () => {
    expect(Object.fromEntries(WITHDRAWAL_STATES.map((s) => [s, itemStatusOf(s)]))).toEqual({
      queued: 'PREPARING',
      buying: 'PREPARING',
      unconfirmed: 'PREPARING',
      waiting_seller: 'vendor waiting',
      offer_sent: 'send',
      accepted: 'STEAM_WITHDRAWN',
      failed: 'progress',
      unavailable: 'progress',
      support: 'support',
    });
  });

  it('keep moving only the states a worker still has something to do for', () => {
    expect(ACTIVE_WITHDRAWAL_STATES).toEqual(['queued', 'buying', 'unconfirmed', 'waiting_seller', 'offer_sent']);
  });

  it('pay at most 115 % of the item price, rounded up to a whole minor unit', () => {
    expect(priceCeiling(10_000)).toBe(11_500);
    expect(priceCeiling(101)).toBe(117);
    expect(priceCeiling(1)).toBe(2);
  });

  it('read the partner and token of a trade link', () => {
    expect(tradeLinkParts('https://steamcommunity.com/tradeoffer/new/?partner=123456&token=Ab-c_9')).toEqual({ partner: '123456', token: 'Ab-c_9' });
    expect(tradeLinkParts('https://steamcommunity.com/tradeoffer/new/?token=Ab&partner=1')).toBeNull();
    expect(tradeLinkParts('https://steamcommunity.com/tradeoffer/new/?partner=x&token=Ab')).toBeNull();
    // The token ends the link: anything after it is not a token.
    expect(tradeLinkParts('https://steamcommunity.com/tradeoffer/new/?partner=1&token=Ab&x=1')).toBeNull();
  });

  it('count the withdrawal down for 5 minutes and leave an unsettled purchase to the operators after 2 hours', () => {
    expect(WITHDRAWAL_COUNTDOWN_MS).toBe(300_000);
    expect(SUPPORT_AFTER_MS).toBe(7_200_000);
  });
});

describe('withdrawal notices, exchange and unpacking', () => {
  it('tell the player each move with the alert code of spec §8', () => {
    expect(Object.fromEntries(WITHDRAWAL_STATES.map((s) => [s, withdrawalAlert(s, null)]))).toEqual({
      queued: 'item_in_withdrawal_queue',
      buying: 'item_in_withdrawal_queue',
      unconfirmed: 'item_in_withdrawal_queue',
      waiting_seller: 'preparing_to_dispatch',
      offer_sent: 'item_in_withdrawal_steam_queue',
      accepted: 'item_received',
      failed: 'error_item_withdrawal',
      unavailable: 'error_skin_transfer',
      support: null,
    });
  });

  it('call a lapsed or declined offer a cancelled transfer, any other failure a withdrawal error', () => {
    expect(withdrawalAlert('failed', 'offer_declined')).toBe('item_transfer_canceled');
    expect(withdrawalAlert('failed', 'offer_expired')).toBe('item_transfer_canceled');
    expect(withdrawalAlert('failed', 'declined')).toBe('item_transfer_canceled');
    expect(withdrawalAlert('failed', 'expired')).toBe('item_transfer_canceled');
    expect(withdrawalAlert('failed', 'seller_timeout')).toBe('error_item_withdrawal');
    expect(withdrawalAlert('failed', 'deadline')).toBe('error_item_withdrawal');
  });

  it('offer replacements from 80 % of the item price up to the price itself', () => {
    expect(replacementWindow(10_000)).toEqual({ min: 8_000, max: 10_000 });
    expect(replacementWindow(101)).toEqual({ min: 81, max: 101 });
    expect(REPLACEMENT_OFFERS).toBe(12);
  });

  it('spread the unpack animation over 2 s for up to seven items and 4 s beyond', () => {
    expect(unpackDurationMs(1)).toBe(2000);
    expect(unpackDurationMs(7)).toBe(2000);
    expect(unpackDurationMs(8)).toBe(4000);
  });
});
