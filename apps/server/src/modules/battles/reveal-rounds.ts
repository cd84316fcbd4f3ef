import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { awardSeat, expandRounds, resolveBattle, rollBattleTicket, seatTotals, type BattleMode } from '@store/shared/battle';
import { pickByTicket } from '@store/shared/odds';
import type { Db, Tx } from '../../db/client.ts';
import { battleDrops, battles, battleSeats } from './schema.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { grantItemsInBulk } from '../inventory/grant-items.ts';
import type { BattleRow, DropRow } from './load-battles.ts';
import { battleRef } from './lock-battle.ts';
import { rows } from '../../db/rows.ts';
import { recordActivity } from '../activity/record-activity.ts';

/** What one revealed round changed, for the live events sent after commit. */
export interface RevealedRound {
  battleId: number;
  ulid: string;
  mode: BattleMode;
  round: number;
  caseSlug: string;
  totalRounds: number;
  /** When the round was due. */
  dueAt: Date;
  nextRoundAt: Date | null;
  /** Set when this was the last round. */
  winnerTeam: number | null;
  drops: DropRow[];
  /** Each seat's total after this round, minor units. */
  totals: { seat: number; total: number }[];
}

const interval = (ms: number) => sql`${`${ms} milliseconds`}::interval`;

/**
 * Claims the battles whose next round is due and reveals that round of each, in one
 * transaction: `for update skip locked` lets several server processes share the work without
 * revealing a round twice, and a crash before commit leaves the battles due for whoever comes
 * next. The rolls depend only on the battle's committed seeds, the round and the seat, so a
 * round revealed after a restart is the round that was always going to be revealed.
 */
export async function revealDueRounds(opts: { db: Db; catalogue: Catalogue; roundMs: number; limit: number; onlyIds?: number[] }): Promise<RevealedRound[]> {
  return opts.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(battles)
      .where(and(eq(battles.status, 'started'), lte(battles.nextRoundAt, sql`now()`), opts.onlyIds ? inArray(battles.id, opts.onlyIds) : undefined))
      .orderBy(asc(battles.nextRoundAt))
      .limit(opts.limit)
      .for('update', { skipLocked: true });
    return due.length ? revealRounds(tx, due, opts) : [];
  });
}

async function revealRounds(tx: Tx, due: BattleRow[], { catalogue, roundMs }: { catalogue: Catalogue; roundMs: number }): Promise<RevealedRound[]> {
  const revealed: RevealedRound[] = [];
  for (const b of due) {
    const round = b.currentRound + 1;
    const line = expandRounds(b.cases)[round - 1]!;
    const ranges = await catalogue.rangesFor(tx, line.oddsId);
    const drops: DropRow[] = [];
    for (let seat = 1; seat <= b.seats; seat++) {
      const ticket = rollBattleTicket({ serverSeed: b.serverSeed, clientSeed: b.clientSeed!, round, seat });
      const item = catalogue.item(pickByTicket(ranges, ticket).item);
      drops.push({ battleId: b.id, round, seat, caseId: line.caseId, oddsId: line.oddsId, ticket, itemKey: item.key, itemPrice: item.price, toSeat: null, inventoryItemId: null });
    }
    revealed.push({ battleId: b.id, ulid: b.ulid, mode: b.mode as BattleMode, round, caseSlug: line.slug, totalRounds: b.roundCount, dueAt: b.nextRoundAt!, nextRoundAt: null, winnerTeam: null, drops, totals: [] });
  }
  const newDrops = revealed.flatMap((r) => r.drops);
  const col = <T>(f: (d: DropRow) => T) => sql.param(newDrops.map(f));
  // Columns as arrays: one statement of fixed size however many battles are revealed together.
  await tx.execute(sql`
    insert into battle_drops (battle_id, round, seat, case_id, odds_id, ticket, item_key, item_price)
    select * from unnest(${col((d) => d.battleId)}::bigint[], ${col((d) => d.round)}::smallint[], ${col((d) => d.seat)}::smallint[],
      ${col((d) => d.caseId)}::integer[], ${col((d) => d.oddsId)}::integer[], ${col((d) => d.ticket)}::integer[],
      ${col((d) => d.itemKey)}::text[], ${col((d) => d.itemPrice)}::bigint[])`);

  const going = revealed.filter((r) => r.round < r.totalRounds);
  if (going.length) {
    const updated = await rows<{ id: number | string; next_round_at: Date | string }>(tx, sql`
      update battles set current_round = v.round, next_round_at = now() + ${interval(roundMs)}
      from unnest(${sql.param(going.map((r) => r.battleId))}::bigint[], ${sql.param(going.map((r) => r.round))}::smallint[]) as v(id, round)
      where battles.id = v.id and battles.status = 'started'
      returning battles.id, battles.next_round_at`);
    const next = new Map(updated.map((r) => [Number(r.id), new Date(r.next_round_at)]));
    for (const r of going) r.nextRoundAt = next.get(r.battleId) ?? null;
  }

  // Every drop of these battles so far: the running totals the events show, and what the
  // battles that end now are decided on.
  const byBattle = new Map<number, DropRow[]>();
  for (const d of await tx.select().from(battleDrops).where(inArray(battleDrops.battleId, revealed.map((r) => r.battleId)))) {
    const list = byBattle.get(d.battleId);
    if (list) list.push(d);
    else byBattle.set(d.battleId, [d]);
  }
  const values = (drops: DropRow[]) => drops.map((d) => ({ round: d.round, seat: d.seat, price: d.itemPrice }));
  for (const r of revealed) r.totals = [...seatTotals(r.mode, values(byBattle.get(r.battleId) ?? []))].map(([seat, total]) => ({ seat, total }));

  const ending = revealed.filter((r) => r.round === r.totalRounds);
  if (ending.length) await finishBattles(tx, ending, due, byBattle);
  return revealed;
}

/**
 * Ends battles whose last round was just revealed: the winner is decided from all their drops
 * and seeds (with the recorded tie-break roll when needed), every drop is awarded to a winning
 * seat, the players among the winners receive the items (source `Battle`), and the seats and
 * battle record the outcome. Batched so that many battles ending together cost a few statements.
 */
async function finishBattles(tx: Tx, ending: RevealedRound[], due: BattleRow[], dropsOf: Map<number, DropRow[]>) {
  const battleOf = new Map(due.map((b) => [b.id, b]));
  const seats = await tx.select().from(battleSeats).where(inArray(battleSeats.battleId, ending.map((r) => r.battleId)));
  const seatOf = new Map(seats.map((s) => [`${s.battleId}:${s.seat}`, s]));
  const grants: { drop: DropRow; userId: number; ulid: string }[] = [];
  const awarded: DropRow[] = [];
  const won = new Map<string, { battleId: number; seat: number; sum: number }>();
  const outcomes: { id: number; winner: number; tie: number | null; rounds: number }[] = [];
  for (const r of ending) {
    const b = battleOf.get(r.battleId)!;
    const drops = dropsOf.get(b.id) ?? [];
    const outcome = resolveBattle({ mode: r.mode, serverSeed: b.serverSeed, clientSeed: b.clientSeed!, rounds: b.roundCount, drops: drops.map((d) => ({ round: d.round, seat: d.seat, price: d.itemPrice })) });
    r.winnerTeam = outcome.winnerTeam;
    for (const d of drops) {
      const toSeat = awardSeat(r.mode, outcome.winnerTeam, d.seat);
      const owner = seatOf.get(`${b.id}:${toSeat}`);
      if (!owner) throw new Error(`battle ${b.ulid} has no seat ${toSeat}`);
      d.toSeat = toSeat;
      awarded.push(d);
      if (owner.userId !== null) grants.push({ drop: d, userId: owner.userId, ulid: b.ulid });
      const k = `${b.id}:${toSeat}`;
      const w = won.get(k) ?? { battleId: b.id, seat: toSeat, sum: 0 };
      w.sum += d.itemPrice;
      won.set(k, w);
    }
    for (const d of r.drops) d.toSeat = awardSeat(r.mode, outcome.winnerTeam, d.seat);
    outcomes.push({ id: b.id, winner: outcome.winnerTeam, tie: outcome.tieBreak?.ticket ?? null, rounds: b.roundCount });
  }

  const ids = await grantItemsInBulk(
    tx,
    grants.map((g) => ({ userId: g.userId, source: 'Battle', sourceRef: battleRef(g.ulid), key: g.drop.itemKey, price: g.drop.itemPrice })),
  );
  grants.forEach((g, i) => (g.drop.inventoryItemId = ids[i]!));

  const a = <T>(f: (d: DropRow) => T) => sql.param(awarded.map(f));
  await tx.execute(sql`
    update battle_drops set to_seat = v.to_seat, inventory_item_id = v.item_id
    from unnest(${a((d) => d.battleId)}::bigint[], ${a((d) => d.round)}::smallint[], ${a((d) => d.seat)}::smallint[],
      ${a((d) => d.toSeat)}::smallint[], ${a((d) => d.inventoryItemId)}::bigint[]) as v(battle_id, round, seat, to_seat, item_id)
    where battle_drops.battle_id = v.battle_id and battle_drops.round = v.round and battle_drops.seat = v.seat`);

  const w = [...won.values()];
  await tx.execute(sql`
    update battle_seats set won = v.won
    from unnest(${sql.param(w.map((x) => x.battleId))}::bigint[], ${sql.param(w.map((x) => x.seat))}::smallint[], ${sql.param(w.map((x) => x.sum))}::bigint[]) as v(battle_id, seat, won)
    where battle_seats.battle_id = v.battle_id and battle_seats.seat = v.seat`);
  const o = <T>(f: (x: (typeof outcomes)[number]) => T) => sql.param(outcomes.map(f));
  await tx.execute(sql`
    update battles set status = 'finished', current_round = v.rounds, next_round_at = null, winner_team = v.winner,
      tie_break_ticket = v.tie, finished_at = now()
    from unnest(${o((x) => x.id)}::bigint[], ${o((x) => x.winner)}::smallint[], ${o((x) => x.tie)}::integer[], ${o((x) => x.rounds)}::smallint[]) as v(id, winner, tie, rounds)
    where battles.id = v.id and battles.status = 'started'`);

  // Each player's battle in the activity stream: what the seat paid and what it won.
  await recordActivity(
    tx,
    seats.flatMap((s) =>
      s.userId === null
        ? []
        : [{ kind: 'battle_finished' as const, userId: s.userId, amount: s.paid, won: won.get(`${s.battleId}:${s.seat}`)?.sum ?? 0, ref: battleRef(battleOf.get(s.battleId)!.ulid) }],
    ),
  );
}
