import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  awardSeat,
  battleClientSeed,
  battlePrice,
  battleRefunds,
  checkRounds,
  expandRounds,
  firstFreeSeat,
  leadingTeams,
  pickTieWinner,
  resolveBattle,
  rollBattleTicket,
  seatTotals,
  seatsOf,
  teamOf,
  teamTotals,
  teamsOf,
  tieBreakNonce,
  BATTLE_MODES,
} from '../src/battle.ts';
import { rollTicket } from '../src/provably-fair.ts';

const SEED = 'a'.repeat(64);

describe('seats and teams', () => {
  it('numbers seats left 1, left 2, right 1, right 2 and pairs them into teams only in a 2v2', () => {
    expect(BATTLE_MODES.map(seatsOf)).toEqual([2, 3, 4, 4]);
    expect([1, 2, 3, 4].map((s) => teamOf('2v2', s))).toEqual([1, 1, 2, 2]);
    expect([1, 2, 3, 4].map((s) => teamOf('1v1v1v1', s))).toEqual([1, 2, 3, 4]);
    expect(teamsOf('2v2')).toEqual([1, 2]);
    expect(teamsOf('1v1v1')).toEqual([1, 2, 3]);
  });

  it('gives the first free seat, or none when full', () => {
    expect(firstFreeSeat('1v1v1v1', [1, 3])).toBe(2);
    expect(firstFreeSeat('1v1', [2])).toBe(1);
    expect(firstFreeSeat('1v1', [1, 2])).toBeNull();
    // The last seat of the mode is a seat too.
    expect(firstFreeSeat('1v1', [1])).toBe(2);
    expect(firstFreeSeat('1v1v1v1', [3, 1, 2])).toBe(4);
  });
});

describe('rounds and price', () => {
  const lines = [
    { price: 150, count: 2 },
    { price: 1000, count: 1 },
  ];
  it('charges each seat every round once', () => {
    expect(battlePrice(lines)).toBe(1300);
    expect(expandRounds(lines.map((l, i) => ({ ...l, id: i }))).map((l) => l.id)).toEqual([0, 0, 1]);
  });

  it('allows 1 to 50 rounds in all, each case 1 to 50 times', () => {
    expect(checkRounds([{ count: 50 }])).toBeNull();
    expect(checkRounds([{ count: 25 }, { count: 25 }])).toBeNull();
    expect(checkRounds([{ count: 30 }, { count: 21 }])).toBe('error_too_many_rounds');
    expect(checkRounds([{ count: 51 }])).toBe('error_max_rounds');
    expect(checkRounds([{ count: 0 }])).toBe('error_max_rounds');
    expect(checkRounds([{ count: 1.5 }])).toBe('error_max_rounds');
    expect(checkRounds([])).toBe('error_max_rounds');
    expect(checkRounds([{ count: 1 }])).toBeNull();
    // One bad line among good ones is enough.
    expect(checkRounds([{ count: 10 }, { count: 0 }])).toBe('error_max_rounds');
    expect(checkRounds([{ count: 2.5 }, { count: 3 }])).toBe('error_max_rounds');
  });
});

describe('round resolution', () => {
  it('fixes the client seed from the seats in seat order, bots as bot:<seat>', () => {
    expect(battleClientSeed([{ seat: 3, clientSeed: 'ccc' }, { seat: 1, clientSeed: 'aaa' }, { seat: 2, clientSeed: null }])).toBe('aaa|bot:2|ccc');
  });

  it('rolls each seat of each round with nonce = round and cursor = seat (fixed vectors)', () => {
    const clientSeed = 'aaa|bot:2';
    expect(rollBattleTicket({ serverSeed: SEED, clientSeed, round: 3, seat: 2 })).toBe(rollTicket({ serverSeed: SEED, clientSeed, nonce: 3, cursor: 2 }));
    const tickets = [1, 2].flatMap((round) => [1, 2].map((seat) => rollBattleTicket({ serverSeed: SEED, clientSeed, round, seat })));
    // Checked by hand with node:crypto's HMAC-SHA256 over 'aaa|bot:2:<round>:<seat>'.
    expect(tickets).toEqual([68017, 22871, 10095, 56615]);
    expect(new Set(tickets).size).toBe(4);
  });

  it('totals seats and teams', () => {
    const drops = [
      { round: 1, seat: 1, price: 100 },
      { round: 1, seat: 2, price: 50 },
      { round: 1, seat: 3, price: 120 },
      { round: 1, seat: 4, price: 10 },
      { round: 2, seat: 1, price: 5 },
    ];
    expect([...seatTotals('2v2', drops)]).toEqual([[1, 105], [2, 50], [3, 120], [4, 10]]);
    expect([...teamTotals('2v2', drops)]).toEqual([[1, 155], [2, 130]]);
    expect([...teamTotals('1v1v1v1', drops)]).toEqual([[1, 105], [2, 50], [3, 120], [4, 10]]);
    // Seats with no drop yet count as 0.
    expect([...seatTotals('1v1v1', [])]).toEqual([[1, 0], [2, 0], [3, 0]]);
  });

  it('names the highest total the winner without a tie-break roll', () => {
    const drops = [
      { round: 1, seat: 1, price: 100 },
      { round: 1, seat: 2, price: 300 },
    ];
    expect(resolveBattle({ mode: '1v1', serverSeed: SEED, clientSeed: 'x|y', rounds: 1, drops })).toMatchObject({ winnerTeam: 2, tieBreak: null });
  });

  it('breaks a tie with the recorded roll of nonce rounds+1, cursor 0, among the tied teams only', () => {
    const drops = [
      { round: 1, seat: 1, price: 100 },
      { round: 1, seat: 2, price: 40 },
      { round: 1, seat: 3, price: 100 },
    ];
    const outcome = resolveBattle({ mode: '1v1v1', serverSeed: SEED, clientSeed: 'x|y|z', rounds: 1, drops });
    const ticket = rollTicket({ serverSeed: SEED, clientSeed: 'x|y|z', nonce: tieBreakNonce(1), cursor: 0 });
    expect(outcome.tieBreak).toEqual({ ticket, tied: [1, 3] });
    expect(outcome.winnerTeam).toBe(ticket <= 50_000 ? 1 : 3);
    expect(leadingTeams(new Map([[1, 5], [2, 5], [3, 5]]))).toEqual([1, 2, 3]);
    expect(leadingTeams(new Map([[3, 5], [2, 1], [1, 5]]))).toEqual([1, 3]);
  });

  it('rolls the tie-break as the published formula says: HMAC-SHA256(server seed, client seed:rounds+1:0)', () => {
    // Computed with node:crypto, not with the store's code: 3 rounds played, so nonce 4, cursor 0.
    const digest = createHmac('sha256', SEED).update('x|y|z:4:0').digest();
    const ticket = Math.floor((digest.readUInt32BE(0) / 2 ** 32) * 100_000) + 1;
    const drops = [
      { round: 1, seat: 1, price: 100 },
      { round: 2, seat: 2, price: 100 },
      { round: 3, seat: 3, price: 100 },
    ];
    const outcome = resolveBattle({ mode: '1v1v1', serverSeed: SEED, clientSeed: 'x|y|z', rounds: 3, drops });
    expect(outcome.tieBreak).toEqual({ ticket, tied: [1, 2, 3] });
    expect(ticket).toBe(61_171);
    expect(outcome.winnerTeam).toBe(2); // 61171 falls in the middle third
    expect(tieBreakNonce(3)).toBe(4);
  });

  it('splits the tie-break tickets evenly between the tied teams', () => {
    expect(pickTieWinner([1, 3], 1)).toBe(1);
    expect(pickTieWinner([1, 3], 50_000)).toBe(1);
    expect(pickTieWinner([1, 3], 50_001)).toBe(3);
    expect(pickTieWinner([1, 3], 100_000)).toBe(3);
    const counts = [0, 0, 0];
    for (let t = 1; t <= 100_000; t++) counts[[2, 3, 4].indexOf(pickTieWinner([2, 3, 4], t))]!++;
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    expect(() => pickTieWinner([1, 2], 0)).toThrow('ticket out of range: 0');
    expect(() => pickTieWinner([1, 2], 100_001)).toThrow('ticket out of range: 100001');
    expect(() => pickTieWinner([1, 2], 2.5)).toThrow('ticket out of range: 2.5');
    expect(() => pickTieWinner([], 5)).toThrow('no tied teams');
  });
});

describe('awards and refunds', () => {
  it('gives every drop to the winning seat in a free-for-all', () => {
    expect([1, 2, 3, 4].map((s) => awardSeat('1v1v1v1', 3, s))).toEqual([3, 3, 3, 3]);
    expect([1, 2].map((s) => awardSeat('1v1', 1, s))).toEqual([1, 1]);
  });

  it('lets each 2v2 winner keep their drops and take the opposite loser’s', () => {
    expect([1, 2, 3, 4].map((s) => awardSeat('2v2', 1, s))).toEqual([1, 2, 1, 2]);
    expect([1, 2, 3, 4].map((s) => awardSeat('2v2', 2, s))).toEqual([3, 4, 3, 4]);
  });

  it('refunds each player their own stake and nothing to bots', () => {
    expect(
      battleRefunds([
        { userId: 7, paid: 1300 },
        { userId: null, paid: 0 },
        { userId: 9, paid: 1300 },
        { userId: 11, paid: 0 },
        // A bot's seat never gets money back, even if something was recorded against it.
        { userId: null, paid: 500 },
      ]),
    ).toEqual([
      { userId: 7, amount: 1300 },
      { userId: 9, amount: 1300 },
    ]);
  });
});
