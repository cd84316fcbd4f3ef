import type { Battle, BattleCase, BattleMember, BattleRound, BattleSummary } from '@store/shared/api/battles';
import { expandRounds, leadingTeams, teamOf, teamTotals, tieBreakNonce, type BattleMode, type BattleStatus } from '@store/shared/battle';
import type { Lang } from '@store/shared/errors';
import { toUnits } from '@store/shared/money';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { avatarUrl } from '../users/get-user.ts';
import type { CaseMeta, DropRow, LoadedBattle } from './load-battles.ts';

const botName = (lang: Lang, seat: number) => (lang === 'en' ? `Bot ${seat}` : `Бот ${seat}`);

export function presentBattleCase(c: CaseMeta, price: number, lang: Lang, catalogue: Catalogue): BattleCase {
  return {
    id: c.id,
    slug: c.slug,
    name: lang === 'en' ? c.nameEn : c.nameRu,
    image: catalogue.caseImage(c),
    color: c.color,
    price: toUnits(price),
    volatility: c.volatility,
  };
}

/** A battle for lists and list events: seats, cases and running totals, no rounds. */
export function presentSummary({ battle: b, seats, totals, cases }: LoadedBattle, lang: Lang, catalogue: Catalogue): BattleSummary {
  const mode = b.mode as BattleMode;
  const finished = b.status === 'finished';
  const members: BattleMember[] = seats.map((s) => ({
    seat: s.seat,
    team: teamOf(mode, s.seat),
    user: s.userId === null ? null : { id: s.userId, nickname: s.nickname ?? '', avatar: avatarUrl(s.userId) },
    is_bot: s.isBot,
    name: s.isBot ? botName(lang, s.seat) : (s.nickname ?? ''),
    total: toUnits(totals.get(s.seat) ?? 0),
    won: toUnits(s.won),
    is_winner: finished && b.winnerTeam === teamOf(mode, s.seat),
  }));
  return {
    ulid: b.ulid,
    status: b.status as BattleStatus,
    mode,
    seats_count: b.seats,
    creator_id: b.creatorId,
    price: toUnits(b.price),
    total_rounds: b.roundCount,
    current_round: b.currentRound,
    cases: b.cases.map((line) => ({ case: presentBattleCase(cases.get(line.caseId)!, line.price, lang, catalogue), count: line.count })),
    members,
    spectators: b.spectators,
    winner_team: b.winnerTeam,
    created_at: b.createdAt.toISOString(),
    started_at: b.startedAt?.toISOString() ?? null,
    finished_at: b.finishedAt?.toISOString() ?? null,
  };
}

/** One revealed round: its case and every seat's drop, seat by seat. */
export function presentRound(round: number, caseSlug: string, drops: readonly DropRow[], lang: Lang, catalogue: Catalogue): BattleRound {
  return {
    round,
    case_slug: caseSlug,
    drops: [...drops]
      .sort((a, b) => a.seat - b.seat)
      .map((d) => ({ seat: d.seat, ticket: d.ticket, item: catalogue.present(catalogue.item(d.itemKey), lang, d.itemPrice), to_seat: d.toSeat })),
  };
}

/** The revealed rounds, round 1 first. */
export function presentRounds(b: LoadedBattle['battle'], drops: readonly DropRow[], lang: Lang, catalogue: Catalogue): BattleRound[] {
  const slugs = expandRounds(b.cases).map((c) => c.slug);
  const byRound = new Map<number, DropRow[]>();
  for (const d of drops) byRound.set(d.round, [...(byRound.get(d.round) ?? []), d]);
  return [...byRound]
    .sort(([a], [b]) => a - b)
    .map(([round, list]) => presentRound(round, slugs[round - 1] ?? '', list, lang, catalogue));
}

/** The whole battle for its page: the summary, every revealed round, the pace and the seeds. */
export function presentBattle(loaded: LoadedBattle, lang: Lang, catalogue: Catalogue, roundMs: number): Battle {
  const b = loaded.battle;
  const over = b.status === 'finished';
  const tied = over && b.tieBreakTicket !== null;
  return {
    ...presentSummary(loaded, lang, catalogue),
    round_cases: expandRounds(b.cases).map((c) => c.slug),
    rounds: presentRounds(b, loaded.drops, lang, catalogue),
    next_round_at: b.status === 'started' && b.nextRoundAt ? b.nextRoundAt.getTime() : null,
    round_ms: roundMs,
    fair: {
      server_seed_hash: b.serverSeedHash,
      server_seed: over ? b.serverSeed : null,
      client_seed: b.clientSeed,
      tie_break: tied ? { ticket: b.tieBreakTicket!, nonce: tieBreakNonce(b.roundCount), tied_teams: tiedTeams(loaded) } : null,
    },
  };
}

/** The teams that shared the best total, recomputed from the seat totals (they are not stored). */
function tiedTeams({ battle: b, totals }: LoadedBattle): number[] {
  const seatSums = [...totals].map(([seat, price]) => ({ round: 0, seat, price }));
  return leadingTeams(teamTotals(b.mode as BattleMode, seatSums));
}
