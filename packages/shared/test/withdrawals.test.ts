import { describe, expect, it } from 'vitest';
import { ACTIVE_WITHDRAWAL_STATES, itemStatusOf, priceCeiling, SUPPORT_AFTER_MS, tradeLinkParts, WITHDRAWAL_COUNTDOWN_MS, WITHDRAWAL_STATES } from '../src/withdrawals.ts';

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
