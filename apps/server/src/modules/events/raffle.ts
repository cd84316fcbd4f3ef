import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { RaffleResult } from '@store/shared/api/events';
import { drawRaffle, raffleTickets } from '@store/shared/events';
import type { Lang } from '@store/shared/errors';
import { toUnits } from '@store/shared/money';
import { SITE_CURRENCY } from '@store/shared/constants';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { grantItems } from '../inventory/grant-items.ts';
import { levelsOfPlayers } from '../levels/player-levels.ts';
import { nicknamesOf } from '../users/accounts.ts';
import { avatarUrl } from '../users/get-user.ts';
import { wholeCoins } from './pass.ts';
import type { EventRow } from './events.ts';
import { eventPlayers, eventRafflePrizes, eventRaffleResults, events } from './schema.ts';

export const RAFFLE_PAGE_SIZE = 20;

/** Every player's raffle tickets in a season (coins spent on coin cases, one ticket per `coinsPerTicket`). */
export async function raffleEntries(db: Executor, event: EventRow): Promise<{ userId: number; tickets: number }[]> {
  const found = await db.select({ userId: eventPlayers.userId, spent: eventPlayers.coinsSpent }).from(eventPlayers).where(eq(eventPlayers.eventId, event.id));
  return found.map((r) => ({ userId: r.userId, tickets: raffleTickets(wholeCoins(r.spent), event.coinsPerTicket) })).filter((e) => e.tickets > 0);
}

/**
 * Draws a season's raffle once (decision 017): `drawn_at` is set by a conditional update in the
 * same transaction that writes the winners, so of two closers one draws. The winners come from
 * `drawRaffle` with the seed committed at the event's creation and the event's slug as the
 * client seed; anyone recomputes them once the seed is shown. False when already drawn.
 */
export async function drawEventRaffle(db: Db, eventId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [event] = await tx
      .update(events)
      .set({ drawnAt: new Date() })
      .where(and(eq(events.id, eventId), sql`${events.drawnAt} is null`))
      .returning();
    if (!event) return false;
    const prizes = await tx.select().from(eventRafflePrizes).where(eq(eventRafflePrizes.eventId, eventId)).orderBy(asc(eventRafflePrizes.position));
    const entries = await raffleEntries(tx, event);
    const tickets = new Map(entries.map((e) => [e.userId, e.tickets]));
    const wins = drawRaffle(event.raffleSeed, event.slug, entries, prizes.length);
    if (wins.length) {
      await tx.insert(eventRaffleResults).values(
        wins.map((w) => ({ eventId, position: w.position, userId: w.userId, tickets: tickets.get(w.userId)!, ticket: w.ticket, ticketsInDraw: w.ticketsInDraw })),
      );
    }
    return true;
  });
}

/**
 * Grants one drawn prize not yet granted, in its own transaction: the row is locked (`skip
 * locked`: another closer takes another), the item goes to the winner's inventory and the row is
 * marked granted by a conditional update, together. Null when nothing is owed.
 */
export async function grantNextRafflePrize(db: Db): Promise<{ eventId: number; position: number; userId: number } | null> {
  const [owed] = await db.select({ e: eventRaffleResults.eventId }).from(eventRaffleResults).where(eq(eventRaffleResults.granted, false)).limit(1);
  if (!owed) return null;
  return db.transaction(async (tx: Tx) => {
    const [next] = await rows<{ event_id: number; position: number; user_id: number; item_key: string; price: number | string }>(
      tx,
      sql`select r.event_id, r.position, r.user_id, p.item_key, p.price
            from event_raffle_results r
            join event_raffle_prizes p on p.event_id = r.event_id and p.position = r.position
           where not r.granted
           order by r.event_id, r.position
           limit 1
             for update of r skip locked`,
    );
    if (!next) return null;
    const [item] = await grantItems(tx, {
      userId: next.user_id,
      source: 'Raffle',
      sourceRef: `raffle:${next.event_id}:${next.position}`,
      items: [{ key: next.item_key, price: Number(next.price) }],
    });
    const [granted] = await tx
      .update(eventRaffleResults)
      .set({ granted: true, inventoryItemId: item!.id })
      .where(and(eq(eventRaffleResults.eventId, next.event_id), eq(eventRaffleResults.position, next.position), eq(eventRaffleResults.granted, false)))
      .returning({ position: eventRaffleResults.position });
    // Locked above, so nobody else can have granted it; a miss would be a bug, and the grant rolls back with it.
    if (!granted) throw new Error(`raffle prize ${next.event_id}:${next.position} was granted under a lock`);
    return { eventId: next.event_id, position: next.position, userId: next.user_id };
  });
}

/**
 * The raffle page (spec §3 Raffle result): a page of prizes with their winners once drawn, the
 * player's own winning rows from every page in the same shape, and the player's tickets.
 */
export async function readRaffle(db: Executor, o: { event: EventRow; userId: number | null; page: number; catalogue: Catalogue; lang: Lang }): Promise<RaffleResult> {
  const { event, catalogue, lang } = o;
  const offset = (o.page - 1) * RAFFLE_PAGE_SIZE;
  const [prizes, results, total, mine] = await Promise.all([
    db
      .select()
      .from(eventRafflePrizes)
      .where(eq(eventRafflePrizes.eventId, event.id))
      .orderBy(asc(eventRafflePrizes.position))
      .limit(RAFFLE_PAGE_SIZE)
      .offset(offset),
    db.select().from(eventRaffleResults).where(eq(eventRaffleResults.eventId, event.id)),
    rows<{ n: number | string }>(db, sql`select count(*) as n from event_raffle_prizes where event_id = ${event.id}`),
    o.userId === null ? null : db.select({ spent: eventPlayers.coinsSpent }).from(eventPlayers).where(and(eq(eventPlayers.eventId, event.id), eq(eventPlayers.userId, o.userId))),
  ]);
  const byPosition = new Map(results.map((r) => [r.position, r]));
  const myPositions = o.userId === null ? [] : results.filter((r) => r.userId === o.userId).map((r) => r.position);
  // The player's prizes may sit on other pages than the one asked for.
  const myPrizes = myPositions.length
    ? await db
        .select()
        .from(eventRafflePrizes)
        .where(and(eq(eventRafflePrizes.eventId, event.id), inArray(eventRafflePrizes.position, myPositions)))
        .orderBy(asc(eventRafflePrizes.position))
    : [];
  const winners = [...new Set([...prizes, ...myPrizes].flatMap((p) => (byPosition.get(p.position) ? [byPosition.get(p.position)!.userId] : [])))];
  const [names, levels] = await Promise.all([nicknamesOf(db, winners), levelsOfPlayers(db, winners)]);
  const count = Number(total[0]?.n ?? 0);
  const row = (p: typeof eventRafflePrizes.$inferSelect): RaffleResult['raffle_result'][number] => {
    const item = catalogue.present(catalogue.item(p.itemKey), lang, p.price);
    const w = byPosition.get(p.position);
    return {
      position: p.position,
      item_id: p.itemKey,
      item: item.name,
      img: item.image,
      price: { currency: SITE_CURRENCY, price: toUnits(p.price) },
      user_id: w?.userId ?? null,
      name: w ? (names.get(w.userId) ?? '') : null,
      avatar: w ? avatarUrl(w.userId) : null,
      level: w ? (levels.get(w.userId) ?? 1) : null,
      tickets: w?.tickets ?? null,
      ticket: w?.ticket ?? null,
      tickets_in_draw: w?.ticketsInDraw ?? null,
    };
  };
  return {
    prize_count: count,
    drawn: event.drawnAt !== null,
    server_seed_hash: event.raffleSeedHash,
    server_seed: event.drawnAt ? event.raffleSeed : null,
    client_seed: event.slug,
    raffle_result: prizes.map(row),
    me_in_raffle: mine === null ? null : myPrizes.map(row),
    my_tickets: mine === null ? null : raffleTickets(wholeCoins(mine[0]?.spent ?? 0), event.coinsPerTicket),
    paginator: { page: o.page, per_page: RAFFLE_PAGE_SIZE, total: count, last_page: Math.max(1, Math.ceil(count / RAFFLE_PAGE_SIZE)) },
  };
}
