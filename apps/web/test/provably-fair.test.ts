import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildRanges, pickByTicket } from '@store/shared/odds';
import { hashServerSeed, rollTicket } from '@store/shared/provably-fair';
import { placeMines } from '@store/shared/techies';
import { isUpgradeWin, upgradeWinRange } from '@store/shared/upgrade';
import type { FairOutcomeData } from '#app/features/provably-fair/api/get-outcome.ts';
import { checkTarget } from '#app/features/provably-fair/utils/check-target.ts';
import { computeManual, parseManual } from '#app/features/provably-fair/utils/manual-check.ts';
import { NODE_SNIPPET } from '#app/features/provably-fair/utils/node-snippet.ts';
import { rollTicketWebCrypto, sha256HexWebCrypto } from '#app/features/provably-fair/utils/roll-ticket-webcrypto.ts';
import { verifyOutcome } from '#app/features/provably-fair/utils/verify-outcome.ts';

const SERVER = 'a3f1c09e5b7d4e2f8a6c1b3d5e7f9a0b2c4d6e8f0a1b3c5d7e9f1a2b4c6d8e0f';
const CLIENT = 'my-lucky_seed';

const inputs = [
  { serverSeed: SERVER, clientSeed: CLIENT, nonce: 0, cursor: 0 },
  { serverSeed: SERVER, clientSeed: CLIENT, nonce: 1, cursor: 0 },
  { serverSeed: SERVER, clientSeed: CLIENT, nonce: 1, cursor: 1 },
  { serverSeed: 'x', clientSeed: 'y', nonce: 987_654_321, cursor: 23 },
  // A battle's client seed: the seats' seeds joined, with colons of its own.
  { serverSeed: 'ff'.repeat(32), clientSeed: 'abc|bot:2|Ünïcode-ок', nonce: 3, cursor: 2 },
  ...Array.from({ length: 20 }, (_, i) => ({ serverSeed: `seed-${i}`, clientSeed: `client${i * 7}`, nonce: i * 13, cursor: i % 5 })),
];

describe('the roll recomputed with WebCrypto', () => {
  it('gives the shared rollTicket for every input', async () => {
    for (const input of inputs) expect(await rollTicketWebCrypto(input), JSON.stringify(input)).toBe(rollTicket(input));
  });

  it('hashes a server seed as the shared hashServerSeed does', async () => {
    for (const seed of [SERVER, 'x', 'ff'.repeat(32), 'сид']) expect(await sha256HexWebCrypto(seed)).toBe(hashServerSeed(seed));
  });

  it('stays within 1..100000', async () => {
    for (const input of inputs) {
      const t = await rollTicketWebCrypto(input);
      expect(t).toBeGreaterThanOrEqual(1);
      expect(t).toBeLessThanOrEqual(100_000);
    }
  });
});

describe('the Node.js script on the instructions page', () => {
  it('prints the shared hash and ticket', () => {
    const lines: string[] = [];
    const run = new Function('require', 'process', 'console', NODE_SNIPPET);
    for (const input of inputs.slice(0, 6)) {
      lines.length = 0;
      run(
        (name: string) => (name === 'crypto' ? crypto : null),
        { argv: ['node', 'verify.js', input.serverSeed, input.clientSeed, String(input.nonce), String(input.cursor)] },
        { log: (...parts: unknown[]) => lines.push(parts.join(' ')) },
      );
      expect(lines).toEqual([`sha256(server seed): ${hashServerSeed(input.serverSeed)}`, `ticket: ${rollTicket(input)}`]);
    }
  });
});

const item = (id: string, price = 10) => ({
  id,
  name: `Item ${id}`,
  marketName: id,
  weapon: 'AK-47',
  skin: id,
  quality: null,
  stattrak: false,
  rarity: 'covert',
  rarityColor: '#eb4b4b',
  price,
  image: '',
});
const base = (serverSeed: string | null, nonce: number, cursors: number[], seed = SERVER) => ({
  id: '42',
  createdAt: '2026-11-25T10:00:00.000Z',
  player: { id: 1, nickname: 'player' },
  seed: { serverSeedHash: hashServerSeed(seed), serverSeed, clientSeed: CLIENT, nonce },
  rolls: cursors.map((cursor) => ({ nonce, cursor, ticket: rollTicket({ serverSeed: seed, clientSeed: CLIENT, nonce, cursor }) })),
});

function caseOutcome(nonce = 5): Extract<FairOutcomeData, { kind: 'case' }> {
  const ranges = buildRanges([
    { item: item('a'), tickets: 25_000 },
    { item: item('b'), tickets: 25_000 },
    { item: item('c'), tickets: 25_000 },
    { item: item('d'), tickets: 25_000 },
  ]);
  const won = pickByTicket(ranges, rollTicket({ serverSeed: SERVER, clientSeed: CLIENT, nonce, cursor: 0 })).item;
  return {
    ...base(SERVER, nonce, [0]),
    kind: 'case',
    case: { id: 1, slug: 'one', name: 'One', image: '' },
    oddsId: 3,
    ranges,
    item: won,
    coins: null,
  };
}

describe('verifying an outcome', () => {
  it('a true case opening matches: hash, ticket and item', async () => {
    const v = await verifyOutcome(caseOutcome(), SERVER);
    expect(v.hashOk).toBe(true);
    expect(v.rolls).toHaveLength(1);
    expect(v.rolls[0]!.computed).toBe(v.rolls[0]!.stored);
    expect(v.results).toEqual([expect.objectContaining({ what: 'item', ok: true })]);
    expect(v.ok).toBe(true);
  });

  it('a case that gave another item, or stored another ticket, is a mismatch', async () => {
    const o = caseOutcome();
    const other = o.ranges.find((r) => r.item.id !== o.item.id)!.item;
    const swapped = await verifyOutcome({ ...o, item: other }, SERVER);
    expect(swapped.ok).toBe(false);
    expect(swapped.results[0]).toMatchObject({ what: 'item', ok: false, stored: { item: other.name } });

    const ticket = o.rolls[0]!.ticket;
    const forged = await verifyOutcome({ ...o, rolls: [{ ...o.rolls[0]!, ticket: ticket === 1 ? 2 : ticket - 1 }] }, SERVER);
    expect(forged.rolls[0]!.ok).toBe(false);
    expect(forged.ok).toBe(false);
  });

  it('a case opening rolled at another cursor is mapped from that roll', async () => {
    const o = caseOutcome(6);
    const roll = base(SERVER, 6, [3]).rolls[0]!;
    const won = pickByTicket(o.ranges, roll.ticket).item;
    expect((await verifyOutcome({ ...o, rolls: [roll], item: won }, SERVER)).ok).toBe(true);
  });

  it('a server seed that is not the committed one fails the hash check', async () => {
    const v = await verifyOutcome(caseOutcome(), 'not-the-seed');
    expect(v.hashOk).toBe(false);
    expect(v.ok).toBe(false);
  });

  it("an event case's coins come from the roll at cursor 1", async () => {
    const o = caseOutcome(9);
    const t1 = rollTicket({ serverSeed: SERVER, clientSeed: CLIENT, nonce: 9, cursor: 1 });
    const won = 10 + Math.floor(((t1 - 1) * 91) / 100_000);
    const good = await verifyOutcome({ ...o, rolls: base(SERVER, 9, [0, 1]).rolls, coins: { min: 10, max: 100, won, cursor: 1 } }, SERVER);
    expect(good.results.map((r) => [r.what, r.ok])).toEqual([
      ['item', true],
      ['coins', true],
    ]);
    const bad = await verifyOutcome({ ...o, coins: { min: 10, max: 100, won: won === 100 ? 99 : won + 1, cursor: 1 } }, SERVER);
    expect(bad.results[1]).toMatchObject({ what: 'coins', ok: false });
  });

  it('an upgrade: the winning range and the win follow the shared rule', async () => {
    const nonce = 2;
    const ticket = rollTicket({ serverSeed: SERVER, clientSeed: CLIENT, nonce, cursor: 0 });
    const chance = 37.5;
    for (const reversed of [false, true]) {
      const range = upgradeWinRange(chance, reversed)!;
      const success = isUpgradeWin(ticket, chance, reversed);
      const o: FairOutcomeData = {
        ...base(SERVER, nonce, [0]),
        kind: 'upgrade',
        stake: 5,
        target: item('t', 13),
        chance,
        reversed,
        winFrom: range.from,
        winTo: range.to,
        success,
      };
      expect((await verifyOutcome(o, SERVER)).ok).toBe(true);
      const lie = await verifyOutcome({ ...o, success: !success }, SERVER);
      expect(lie.results.find((r) => r.what === 'win')).toMatchObject({ ok: false, stored: { won: !success }, computed: { won: success } });
    }
  });

  it('a contract: the row holding the ticket', async () => {
    const nonce = 4;
    const ticket = rollTicket({ serverSeed: SERVER, clientSeed: CLIENT, nonce, cursor: 0 });
    const outcomes = [
      { item: item('x', 1), from: 1, to: 60_000 },
      { item: item('y', 2), from: 60_001, to: 90_000 },
      { item: item('z', 4), from: 90_001, to: 100_000 },
    ];
    const got = outcomes.find((r) => ticket >= r.from && ticket <= r.to)!.item;
    const o: FairOutcomeData = { ...base(SERVER, nonce, [0]), kind: 'contract', stake: 3, outcomes, item: got };
    expect((await verifyOutcome(o, SERVER)).ok).toBe(true);
    const other = outcomes.find((r) => r.item.id !== got.id)!.item;
    expect((await verifyOutcome({ ...o, item: other }, SERVER)).ok).toBe(false);
  });

  it('a battle: nonce = round, cursor = seat, the round case table', async () => {
    const table = buildRanges([
      { item: item('p'), tickets: 50_000 },
      { item: item('q'), tickets: 50_000 },
    ]);
    const drop = (round: number, seat: number) => {
      const ticket = rollTicket({ serverSeed: SERVER, clientSeed: CLIENT, nonce: round, cursor: seat });
      return { seat, ticket, item: pickByTicket(table, ticket).item };
    };
    const rounds = [1, 2].map((round) => ({ round, caseSlug: 'one', oddsId: 7, drops: [drop(round, 1), drop(round, 2)] }));
    const o: FairOutcomeData = {
      ...base(SERVER, 0, []),
      rolls: rounds.flatMap((r) => r.drops.map((d) => ({ nonce: r.round, cursor: d.seat, ticket: d.ticket }))),
      kind: 'battle',
      battleUlid: '01JABCDEFGHJKMNPQRSTVWXYZ0',
      rounds,
      odds: { '7': table },
    };
    const v = await verifyOutcome(o, SERVER);
    expect(v.results).toHaveLength(4);
    expect(v.ok).toBe(true);
    const swapped = structuredClone(o);
    const d = swapped.rounds[1]!.drops[0]!;
    d.item = table.find((r) => r.item.id !== d.item.id)!.item;
    const bad = await verifyOutcome(swapped, SERVER);
    expect(bad.results.filter((r) => !r.ok)).toEqual([expect.objectContaining({ what: 'drop', at: { round: 2, seat: 1 } })]);
  });

  it('techies: the mine layout from one roll per mine; nothing to compare while it is played', async () => {
    const nonce = 11;
    const mines = placeMines({ serverSeed: SERVER, clientSeed: CLIENT, nonce, mines: 5 });
    const game = {
      ...base(SERVER, nonce, [0, 1, 2, 3, 4]),
      kind: 'techies' as const,
      state: 'lost' as const,
      stake: 1,
      minesCount: 5,
      opened: [],
      hit: mines[0]!,
      multiplier: 1,
      payout: null,
    };
    expect((await verifyOutcome({ ...game, mines }, SERVER)).ok).toBe(true);
    const moved = mines.map((m, i) => (i === 0 ? (m + 1) % 25 : m)).filter((m, i, all) => all.indexOf(m) === i);
    expect((await verifyOutcome({ ...game, mines: moved }, SERVER)).ok).toBe(false);
    const playing = await verifyOutcome({ ...game, state: 'playing', mines: null }, SERVER);
    expect(playing.results).toEqual([]);
  });
});

describe('the manual check', () => {
  const fields = {
    serverSeed: SERVER,
    clientSeed: CLIENT,
    nonce: '3',
    cursor: '0',
    game: 'ticket',
    oddsId: '',
    chance: '50',
    reversed: 'false',
    mines: '3',
  };

  it('reads whole numbers only, and both seeds', () => {
    expect(parseManual(fields)).toMatchObject({ nonce: 3, cursor: 0, game: 'ticket' });
    expect(parseManual({ ...fields, nonce: '-1' })).toBeNull();
    expect(parseManual({ ...fields, cursor: '1.5' })).toBeNull();
    expect(parseManual({ ...fields, serverSeed: ' ' })).toBeNull();
    expect(parseManual({ ...fields, game: 'case', oddsId: '' })).toBeNull();
    expect(parseManual({ ...fields, game: 'upgrade', chance: '101' })).toBeNull();
    expect(parseManual({ ...fields, game: 'techies', mines: '25' })).toBeNull();
  });

  it('maps the ticket as the chosen game does', async () => {
    const ticket = rollTicket({ serverSeed: SERVER, clientSeed: CLIENT, nonce: 3, cursor: 0 });
    const plain = await computeManual(parseManual(fields)!, null);
    expect(plain).toEqual({ hash: hashServerSeed(SERVER), tickets: [{ cursor: 0, ticket }], result: null });

    const ranges = buildRanges([
      { item: { name: 'low' }, tickets: 50_000 },
      { item: { name: 'high' }, tickets: 50_000 },
    ]);
    const box = await computeManual(parseManual({ ...fields, game: 'case', oddsId: '3' })!, ranges);
    expect(box.result).toEqual({ item: ticket <= 50_000 ? 'low' : 'high' });

    const up = await computeManual(parseManual({ ...fields, game: 'upgrade', chance: '12,5', reversed: 'true' })!, null);
    expect(up.result).toEqual({ won: isUpgradeWin(ticket, 12.5, true) });

    const field = await computeManual(parseManual({ ...fields, game: 'techies', mines: '4' })!, null);
    expect(field.tickets.map((x) => x.cursor)).toEqual([0, 1, 2, 3]);
    expect(field.result).toEqual({ text: placeMines({ serverSeed: SERVER, clientSeed: CLIENT, nonce: 3, mines: 4 }).join(', ') });
  });
});

describe('a check link', () => {
  it('names a kind the store has and an id of letters and digits', () => {
    expect(checkTarget(new URLSearchParams('kind=case&id=123'))).toEqual({ kind: 'case', id: '123' });
    expect(checkTarget(new URLSearchParams('kind=battle&id=01JABCDEFGHJKMNPQRSTVWXYZ0'))).toEqual({
      kind: 'battle',
      id: '01JABCDEFGHJKMNPQRSTVWXYZ0',
    });
    expect(checkTarget(new URLSearchParams('kind=lottery&id=1'))).toBeNull();
    expect(checkTarget(new URLSearchParams('kind=case&id=../x'))).toBeNull();
    expect(checkTarget(new URLSearchParams('kind=case'))).toBeNull();
  });
});
