import { describe, expect, it } from 'vitest';
import {
  coinsFromTicket,
  drawRaffle,
  isMoneyTask,
  raffleTickets,
  TASK_RULES,
  TASK_TYPES,
  taskProgressAfter,
  taskStep,
  type TaskActivity,
} from '../src/events.ts';
import { rollDigest } from '../src/provably-fair.ts';

const act = (kind: string, over: Partial<TaskActivity> = {}): TaskActivity => ({ kind, amount: 0, won: 0, count: 1, ...over });

describe('task steps', () => {
  it('count cases opened, paid, daily or free, by how many were opened', () => {
    expect(taskStep('open_cases', null, act('case_open', { count: 3 }))).toBe(3);
    expect(taskStep('open_cases', null, act('daily_case'))).toBe(1);
    expect(taskStep('open_cases', null, act('free_case'))).toBe(1);
    expect(taskStep('open_cases', null, act('upgrade'))).toBe(0);
    expect(taskStep('open_cases', null, act('case_open', { count: -2 }))).toBe(0);
  });

  it('limit a case task to its sections when it names some', () => {
    expect(taskStep('open_cases', [4, 7], act('case_open', { count: 2, sectionId: 7 }))).toBe(2);
    expect(taskStep('open_cases', [4, 7], act('case_open', { count: 2, sectionId: 5 }))).toBe(0);
    expect(taskStep('open_cases', [4], act('case_open', { count: 2, sectionId: null }))).toBe(0);
    expect(taskStep('open_cases', [], act('case_open', { count: 2, sectionId: 5 }))).toBe(2);
  });

  it('count a battle won only when it gave something back, and every battle played', () => {
    expect(taskStep('win_battles', null, act('battle_finished', { won: 1 }))).toBe(1);
    expect(taskStep('win_battles', null, act('battle_finished', { won: 0 }))).toBe(0);
    expect(taskStep('play_battles', null, act('battle_finished', { won: 0 }))).toBe(1);
    expect(taskStep('win_battles', null, act('upgrade', { won: 500 }))).toBe(0);
  });

  it('count upgrades and contracts one each whatever they staked, spending and deposits by their amount', () => {
    expect(taskStep('make_upgrades', null, act('upgrade', { amount: 900, count: 3 }))).toBe(1);
    expect(taskStep('sign_contracts', null, act('contract', { count: 5 }))).toBe(1);
    expect(taskStep('play_battles', null, act('battle_finished', { count: 4 }))).toBe(1);
    for (const kind of ['case_open', 'offer_purchase', 'upgrade', 'contract', 'battle_finished']) {
      expect(taskStep('spend', null, act(kind, { amount: 1250 }))).toBe(1250);
    }
    expect(taskStep('spend', null, act('deposit', { amount: 1250 }))).toBe(0);
    expect(taskStep('spend', null, act('sale', { amount: 1250 }))).toBe(0);
    expect(taskStep('deposit', null, act('deposit', { amount: 5000 }))).toBe(5000);
    expect(taskStep('spend', null, act('case_open', { amount: -10 }))).toBe(0);
  });

  it('know which targets are money', () => {
    expect(TASK_TYPES.filter(isMoneyTask)).toEqual(['spend', 'deposit']);
    expect(Object.keys(TASK_RULES)).toEqual(TASK_TYPES);
  });

  it('never take progress past the target, nor back', () => {
    expect(taskProgressAfter(2, 3, 4)).toBe(4);
    expect(taskProgressAfter(2, 1, 4)).toBe(3);
    expect(taskProgressAfter(2, -5, 4)).toBe(2);
    expect(taskProgressAfter(0, 4, 4)).toBe(4);
  });
});

describe('event coins of an opening', () => {
  it('spread the tickets evenly over the range, ends included', () => {
    expect(coinsFromTicket(1, 10, 40)).toBe(10);
    expect(coinsFromTicket(100_000, 10, 40)).toBe(40);
    // 31 amounts: each about 3 226 tickets wide.
    expect(coinsFromTicket(3_226, 10, 40)).toBe(10);
    expect(coinsFromTicket(3_227, 10, 40)).toBe(11);
    expect(coinsFromTicket(50_000, 10, 40)).toBe(25);
    expect(coinsFromTicket(50_000, 7, 7)).toBe(7);
    expect(coinsFromTicket(77_777, 40, 10)).toBe(coinsFromTicket(77_777, 10, 40));
    const counts = new Map<number, number>();
    for (let t = 1; t <= 100_000; t++) counts.set(coinsFromTicket(t, 5, 25), (counts.get(coinsFromTicket(t, 5, 25)) ?? 0) + 1);
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 21 }, (_, i) => 5 + i));
    expect(Math.max(...counts.values()) - Math.min(...counts.values())).toBeLessThanOrEqual(1);
  });
});

describe('raffle', () => {
  it('gives a ticket per coins spent, rounded down', () => {
    expect(raffleTickets(250, 100)).toBe(2);
    expect(raffleTickets(99, 100)).toBe(0);
    expect(raffleTickets(100, 100)).toBe(1);
    expect(raffleTickets(-100, 100)).toBe(0);
    expect(raffleTickets(500, 0)).toBe(0);
  });

  const entries = [
    { userId: 30, tickets: 5 },
    { userId: 10, tickets: 1 },
    { userId: 20, tickets: 0 },
    { userId: 40, tickets: 3 },
  ];

  it('draws each prize from the digest of its position, among the tickets still in the draw, one prize a player', () => {
    const wins = drawRaffle('server-seed', 'season-1', entries, 3);
    expect(wins.map((w) => w.position)).toEqual([1, 2, 3]);
    expect(new Set(wins.map((w) => w.userId)).size).toBe(3);
    expect(wins.map((w) => w.userId)).not.toContain(20);
    // Recomputed by hand: tickets run in user-id order (10: 1; 30: 2-6; 40: 7-9).
    let pool = entries.filter((e) => e.tickets > 0).sort((a, b) => a.userId - b.userId);
    for (const w of wins) {
      const total = pool.reduce((s, e) => s + e.tickets, 0);
      const d = rollDigest({ serverSeed: 'server-seed', clientSeed: 'season-1', nonce: w.position, cursor: 0 });
      const u = d[0]! * 2 ** 24 + d[1]! * 2 ** 16 + d[2]! * 2 ** 8 + d[3]!;
      const ticket = Math.floor((u / 2 ** 32) * total) + 1;
      expect([w.ticket, w.ticketsInDraw]).toEqual([ticket, total]);
      let upTo = 0;
      const holder = pool.find((e) => (upTo += e.tickets) >= ticket)!;
      expect(w.userId).toBe(holder.userId);
      pool = pool.filter((e) => e !== holder);
    }
  });

  it('is the same whatever order the entries come in, and differs with the seed', () => {
    const a = drawRaffle('s1', 'e', entries, 3);
    expect(drawRaffle('s1', 'e', [...entries].reverse(), 3)).toEqual(a);
    const others = ['s2', 's3', 's4', 's5', 's6'].map((seed) => JSON.stringify(drawRaffle(seed, 'e', entries, 3)));
    expect(others.some((o) => o !== JSON.stringify(a))).toBe(true);
  });

  it('draws no more prizes than there are players with tickets', () => {
    expect(drawRaffle('s', 'e', entries, 10)).toHaveLength(3);
    expect(drawRaffle('s', 'e', [], 5)).toEqual([]);
    expect(drawRaffle('s', 'e', entries, 0)).toEqual([]);
  });

  it('gives a ticket on a run\'s last number to that run\'s holder, not the next', () => {
    // One ticket each: ticket k belongs to the k-th player by user id, whichever seed draws it.
    const ones = Array.from({ length: 9 }, (_, i) => ({ userId: 100 + i, tickets: 1 }));
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const [w] = drawRaffle(seed, 'e', ones, 1);
      expect(w!.userId).toBe(100 + w!.ticket - 1);
    }
    // Two runs: 1-3 and 4-6.
    for (const seed of ['g', 'h', 'i', 'j', 'k', 'l', 'm', 'n']) {
      const [w] = drawRaffle(seed, 'e', [{ userId: 1, tickets: 3 }, { userId: 2, tickets: 3 }], 1);
      expect(w!.userId).toBe(w!.ticket <= 3 ? 1 : 2);
    }
  });

  it('reads the digest\'s first four bytes big-endian, every bit of them', () => {
    // 2³² tickets in the draw: the ticket is the 32-bit number itself, plus one.
    const entries = [
      { userId: 1, tickets: 2 ** 31 },
      { userId: 2, tickets: 2 ** 31 },
    ];
    for (const seed of ['s1', 's2', 's3', 's4']) {
      const d = rollDigest({ serverSeed: seed, clientSeed: 'e', nonce: 1, cursor: 0 });
      const u = d[0]! * 2 ** 24 + d[1]! * 2 ** 16 + d[2]! * 2 ** 8 + d[3]!;
      const [w] = drawRaffle(seed, 'e', entries, 1);
      expect(w!.ticket).toBe(u + 1);
      expect(w!.userId).toBe(u < 2 ** 31 ? 1 : 2);
    }
  });

  it('matches a draw worked out by hand over many seeds', () => {
    const pool0 = [
      { userId: 5, tickets: 2 },
      { userId: 9, tickets: 7 },
      { userId: 12, tickets: 1 },
      { userId: 20, tickets: 4 },
      { userId: 31, tickets: 3 },
    ];
    for (let k = 0; k < 60; k++) {
      const seed = `seed-${k}`;
      let pool = [...pool0];
      const wins = drawRaffle(seed, 'ev', pool0, 4);
      for (const w of wins) {
        const total = pool.reduce((n, e) => n + e.tickets, 0);
        const d = rollDigest({ serverSeed: seed, clientSeed: 'ev', nonce: w.position, cursor: 0 });
        const ticket = Math.floor(((d[0]! * 2 ** 24 + d[1]! * 2 ** 16 + d[2]! * 2 ** 8 + d[3]!) / 2 ** 32) * total) + 1;
        let from = 1;
        const holder = pool.find((e) => {
          const hit = ticket >= from && ticket < from + e.tickets;
          from += e.tickets;
          return hit;
        })!;
        expect([w.userId, w.ticket, w.ticketsInDraw]).toEqual([holder.userId, ticket, total]);
        pool = pool.filter((e) => e !== holder);
      }
    }
  });

  it('gives the only player the only prize with its first ticket range', () => {
    const [w] = drawRaffle('seed', 'e', [{ userId: 7, tickets: 4 }], 1);
    expect(w!.userId).toBe(7);
    expect(w!.ticket).toBeGreaterThanOrEqual(1);
    expect(w!.ticket).toBeLessThanOrEqual(4);
    expect(w!.ticketsInDraw).toBe(4);
  });
});
