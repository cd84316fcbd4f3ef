import { and, eq, inArray } from 'drizzle-orm';
import type { BattlePass, PassClaimResult, PassLevel, PassTask } from '@store/shared/api/events';
import {
  canClaimPassLevel,
  passFinished,
  passLevelCosts,
  passLevelFlags,
  passLevelState,
  passLevelType,
  passProgress,
} from '@store/shared/battle-pass';
import { isMoneyTask, type TaskType } from '@store/shared/events';
import { COIN_CURRENCY, MINOR_PER_UNIT } from '@store/shared/constants';
import type { Lang } from '@store/shared/errors';
import { toUnits } from '@store/shared/money';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { findCasesByIds, listCatalogueRows, type CaseRow } from '../catalogue/find-cases.ts';
import { grantFreeOpening } from '../levels/free-openings.ts';
import { creditWallet, getBalance } from '../wallet/wallet.ts';
import type { PassLevelRow, Season, TaskRow } from './events.ts';
import { eventPassClaims, eventPlayers, eventTaskProgress } from './schema.ts';

/** Whole coins from the wallet's minor units, rounded down (what the pass counts). */
export const wholeCoins = (minor: number): number => Math.floor(minor / MINOR_PER_UNIT);

/** A player's coins in a season, in minor units: earned (climbs the pass) and spent on coin cases. */
export async function seasonCoinsOf(db: Executor, eventId: number, userId: number): Promise<{ earned: number; spent: number }> {
  const [row] = await db
    .select({ earned: eventPlayers.coinsEarned, spent: eventPlayers.coinsSpent })
    .from(eventPlayers)
    .where(and(eq(eventPlayers.eventId, eventId), eq(eventPlayers.userId, userId)));
  return { earned: row?.earned ?? 0, spent: row?.spent ?? 0 };
}

async function claimedLevels(db: Executor, eventId: number, userId: number): Promise<Set<number>> {
  const found = await db
    .select({ level: eventPassClaims.level })
    .from(eventPassClaims)
    .where(and(eq(eventPassClaims.eventId, eventId), eq(eventPassClaims.userId, userId)));
  return new Set(found.map((r) => r.level));
}

async function taskProgressOf(db: Executor, taskIds: readonly number[], userId: number): Promise<Map<number, { progress: number; completed: boolean }>> {
  if (!taskIds.length) return new Map();
  const found = await db
    .select({ taskId: eventTaskProgress.taskId, progress: eventTaskProgress.progress, completedAt: eventTaskProgress.completedAt })
    .from(eventTaskProgress)
    .where(and(eq(eventTaskProgress.userId, userId), inArray(eventTaskProgress.taskId, [...taskIds])));
  return new Map(found.map((r) => [r.taskId, { progress: r.progress, completed: r.completedAt !== null }]));
}

function passCase(c: CaseRow, amount: number, catalogue: Catalogue, lang: Lang) {
  return { amount, img: catalogue.caseImage(c), url: `/open/${c.slug}`, name: lang === 'en' ? c.nameEn : c.nameRu, slug: c.slug };
}

/** The reward of a level or task as the wire shows it. */
function presentReward(r: { rewardMoney: number; rewardCoins: number; rewardCaseId: number | null }, amount: number, cases: Map<number, CaseRow>, catalogue: Catalogue, lang: Lang) {
  const c = r.rewardCaseId === null ? undefined : cases.get(r.rewardCaseId);
  return { money: toUnits(r.rewardMoney), coins: wholeCoins(r.rewardCoins), cases: c && amount > 0 ? [passCase(c, amount, catalogue, lang)] : [] };
}

async function rewardCases(db: Executor, season: Season): Promise<Map<number, CaseRow>> {
  const ids = [...new Set([...season.levels, ...season.tasks].flatMap((x) => (x.rewardCaseId === null ? [] : [x.rewardCaseId])))];
  return new Map((await findCasesByIds(db, ids)).map((c) => [c.id, c]));
}

/** The sections a task names, for the task's `options` (spec §3 task{type, options{ids, names}}). */
async function sectionNames(db: Executor, lang: Lang): Promise<Map<number, string>> {
  const { sections } = await listCatalogueRows(db);
  return new Map(sections.map((s) => [s.id, lang === 'en' ? s.nameEn : s.nameRu]));
}

function presentTask(t: TaskRow, p: { progress: number; completed: boolean } | undefined, cases: Map<number, CaseRow>, names: Map<number, string>, catalogue: Catalogue, lang: Lang): PassTask {
  const money = isMoneyTask(t.type as TaskType);
  const scale = (n: number) => (money ? toUnits(n) : n);
  const ids = t.sectionIds ?? [];
  return {
    id: t.id,
    level: t.level,
    description: lang === 'en' ? t.descriptionEn : t.descriptionRu,
    progress_data: { current: scale(p?.progress ?? 0), end: scale(t.target) },
    reward: presentReward(t, 1, cases, catalogue, lang),
    task: { type: t.type, options: { ids, names: ids.map((id) => names.get(id) ?? '') } },
    completed: p?.completed ?? false,
  };
}

/**
 * The battle pass of a season for a player, or for a guest (coins 0, no tasks: spec §6). A level
 * is reached by coins earned this season; its state follows spec §4 (battle-pass.ts).
 */
export async function readPass(db: Executor, o: { season: Season; userId: number | null; catalogue: Catalogue; lang: Lang; now: Date }): Promise<BattlePass> {
  const { season, userId, catalogue, lang } = o;
  const thresholds = season.levels.map((l) => l.threshold);
  const costs = passLevelCosts(thresholds);
  const [coins, claimed, progress, cases, names] = await Promise.all([
    userId === null ? { earned: 0, spent: 0 } : seasonCoinsOf(db, season.event.id, userId),
    userId === null ? new Set<number>() : claimedLevels(db, season.event.id, userId),
    userId === null
      ? new Map<number, { progress: number; completed: boolean }>()
      : taskProgressOf(
          db,
          season.tasks.map((t) => t.id),
          userId,
        ),
    rewardCases(db, season),
    userId === null ? new Map<number, string>() : sectionNames(db, lang),
  ]);
  const earned = wholeCoins(coins.earned);
  const reached = passProgress(earned, thresholds);
  const levels: PassLevel[] = season.levels.map((l, i) => {
    const flags = passLevelFlags(l.level, reached, claimed.has(l.level));
    const reward = presentReward(l, l.rewardCaseAmount, cases, catalogue, lang);
    return {
      level: l.level,
      threshold: l.threshold,
      cost: costs[i]!,
      type: passLevelType(l.level),
      ...flags,
      state: passLevelState(flags),
      case_data: reward.cases,
      balance_data: { coins: reward.coins, money: reward.money },
      tasks: userId === null ? [] : season.tasks.filter((t) => t.level === l.level).map((t) => presentTask(t, progress.get(t.id), cases, names, catalogue, lang)),
    };
  });
  return {
    event_id: season.event.id,
    guest: userId === null,
    levels,
    current_coins: earned,
    current_level: reached.current,
    finished: passFinished(earned, reached.current),
    claimable: o.now < season.event.claimUntil,
    challenge_progress_gradient: season.look.challengeProgressGradient,
    challenge_icons: season.look.icons,
  };
}

/** What a claim pays, in order of what the animation shows first. */
const prizeTypeOf = (l: PassLevelRow): PassClaimResult['prize_type'] => (l.rewardCaseId !== null && l.rewardCaseAmount > 0 ? 'case' : l.rewardMoney > 0 ? 'money' : 'coins');

/**
 * Claims a reached level's reward, once (spec §5): the claim row's primary key is taken in the
 * same transaction as the payment, so of any number of simultaneous claims one pays and the
 * others are refused with event_level_claimed. Refused before the level is reached, and after the
 * event's claims close.
 */
export async function claimPassLevel(db: Db, o: { season: Season; userId: number; level: number; catalogue: Catalogue; lang: Lang; now: Date }): Promise<PassClaimResult> {
  const { season, userId, level, catalogue, lang } = o;
  const l = season.levels.find((x) => x.level === level);
  if (!l) throw new AppError('event_level_not_found');
  if (o.now >= season.event.claimUntil) throw new AppError('event_claims_closed');
  const cases = await rewardCases(db, season);
  return db.transaction(async (tx) => {
    const { earned } = await seasonCoinsOf(tx, season.event.id, userId);
    const flags = passLevelFlags(
      level,
      passProgress(
        wholeCoins(earned),
        season.levels.map((x) => x.threshold),
      ),
      false,
    );
    if (!canClaimPassLevel(flags)) throw new AppError('event_level_not_done');
    const prizeType = prizeTypeOf(l);
    const taken = await tx
      .insert(eventPassClaims)
      .values({ eventId: season.event.id, userId, level, prizeType })
      .onConflictDoNothing()
      .returning({ level: eventPassClaims.level });
    if (!taken.length) throw new AppError('event_level_claimed');
    const ref = `event_level:${season.event.id}:${level}:${userId}`;
    const meta = { event: season.event.id, level };
    const coinBalance = await creditWallet({ tx, userId, amount: l.rewardCoins, currency: COIN_CURRENCY, reason: 'event_level', ref, meta });
    const balance = await creditWallet({ tx, userId, amount: l.rewardMoney, reason: 'event_level', ref, meta });
    if (l.rewardCaseId !== null) {
      for (let k = 1; k <= l.rewardCaseAmount; k++) {
        await grantFreeOpening(tx, { userId, caseId: l.rewardCaseId, source: 'battle_pass', sourceRef: `${ref}:${k}`, expiresAt: null });
      }
    }
    return { level, prize_type: prizeType, reward: presentReward(l, l.rewardCaseAmount, cases, catalogue, lang), balance: toUnits(balance), coin_balance: toUnits(coinBalance) };
  });
}

/** A player's coin balance as the header shows it (finance.coin_balance). */
export const coinBalanceOf = async (db: Executor, userId: number): Promise<number> => toUnits(await getBalance(db, userId, COIN_CURRENCY));
