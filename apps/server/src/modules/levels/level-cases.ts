import { and, eq } from 'drizzle-orm';
import type { DailyCase, DailyCasesResponse, DailyInfoResponse, LevelCaseRef, LevelInfoWire } from '@store/shared/api/levels';
import { SITE_CURRENCY } from '@store/shared/constants';
import type { Lang } from '@store/shared/errors';
import { levelCaseShortName, levelFromExp, nearestCaseTime } from '@store/shared/levels';
import { toUnits } from '@store/shared/money';
import type { Executor } from '../../db/client.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { listDailyCases, type CaseRow } from '../catalogue/find-cases.ts';
import { findPlayerLevel, type PlayerLevel } from './player-levels.ts';
import { dailyCaseClaims } from './schema.ts';

/** The deposit rule of level cases (decision 015): from `fromLevel` up, a deposit within `days` days. */
export interface DepositRule {
  fromLevel: number;
  days: number;
}

export const depositRuleMet = (rule: DepositRule, player: Pick<PlayerLevel, 'lastDepositAt'>, now: Date): boolean =>
  player.lastDepositAt !== null && player.lastDepositAt.getTime() > now.getTime() - rule.days * 86_400_000;

/** Why a level case cannot be opened by this player now, apart from its timer; null when it can. */
export function lockReason(c: CaseRow, level: number, depositOk: boolean, rule: DepositRule): DailyCase['lock_reason'] {
  if (c.locked || !c.available) return 'flag';
  if (level < c.level) return 'level';
  if (c.level >= rule.fromLevel && !depositOk) return 'deposit';
  return null;
}

const caseName = (c: CaseRow, lang: Lang) => (lang === 'en' ? c.nameEn : c.nameRu);
const link = (c: CaseRow) => `/open/${c.slug}`;
/** The id of spec §3 availableCases: the last number of the link, 1 when it has none. */
const linkId = (c: CaseRow) => Number(/(\d+)(?!.*\d)/.exec(c.slug)?.[1] ?? 1);
const ref = (c: CaseRow, lang: Lang): LevelCaseRef => ({ case_name: levelCaseShortName(caseName(c, lang)), link: link(c), id: linkId(c) });

async function readyTimes(db: Executor, userId: number): Promise<Map<number, Date>> {
  const rows = await db.select({ caseId: dailyCaseClaims.caseId, readyAt: dailyCaseClaims.readyAt }).from(dailyCaseClaims).where(eq(dailyCaseClaims.userId, userId));
  return new Map(rows.map((r) => [r.caseId, r.readyAt]));
}

export async function findReadyAt(db: Executor, userId: number, caseId: number): Promise<Date | null> {
  const [row] = await db
    .select({ readyAt: dailyCaseClaims.readyAt })
    .from(dailyCaseClaims)
    .where(and(eq(dailyCaseClaims.userId, userId), eq(dailyCaseClaims.caseId, caseId)));
  return row?.readyAt ?? null;
}

interface LadderInput {
  db: Executor;
  userId: number | null;
  now: Date;
  lang: Lang;
  rule: DepositRule;
}

/** The ladder of level cases as one player (or a guest, at level 0) sees it now. */
async function ladder({ db, userId, now, rule }: LadderInput) {
  const [rows, player, ready] = await Promise.all([
    listDailyCases(db),
    userId === null ? null : findPlayerLevel(db, userId),
    userId === null ? new Map<number, Date>() : readyTimes(db, userId),
  ]);
  const level = player?.level ?? 0;
  const depositOk = player ? depositRuleMet(rule, player, now) : false;
  const entries = rows.map((c) => {
    const reason = player ? lockReason(c, level, depositOk, rule) : 'level';
    const readyAt = ready.get(c.id) ?? null;
    return { c, reason, readyAt, unlocked: reason === null };
  });
  return { player, level, depositOk, entries, nearest: nearestCaseTime(entries, now) };
}

export async function listLevelCases(input: LadderInput & { catalogue: Catalogue }): Promise<DailyCasesResponse> {
  const { now, lang, rule, catalogue } = input;
  const { level, depositOk, entries, nearest } = await ladder(input);
  return {
    user_level: level,
    nearest_case_time: nearest,
    deposit_rule: { from_level: rule.fromLevel, days: rule.days, satisfied: depositOk },
    cases: entries.map(({ c, reason, readyAt }) => {
      const wait = readyAt ? Math.max(0, Math.ceil((readyAt.getTime() - now.getTime()) / 1000)) : 0;
      return {
        id: c.id,
        slug: c.slug,
        name: caseName(c, lang),
        short_name: levelCaseShortName(caseName(c, lang)),
        link: link(c),
        level: c.level,
        locked: reason !== null,
        lock_reason: reason,
        ready: reason === null && wait === 0,
        ready_in: wait,
        ready_at: readyAt && wait > 0 ? readyAt.toISOString() : null,
        image: catalogue.caseImage(c),
        color: c.color,
        price_data: { currency: SITE_CURRENCY, price: 0, old_price: toUnits(c.price) },
      };
    }),
  };
}

export async function levelCasesInfo(input: LadderInput): Promise<DailyInfoResponse> {
  const { level, entries, nearest } = await ladder(input);
  const next = entries.find((e) => e.c.level > level);
  return {
    user_level: level,
    nearest_case_time: nearest,
    ready_count: entries.filter((e) => e.unlocked && (!e.readyAt || e.readyAt <= input.now)).length,
    available_count: entries.filter((e) => e.c.level <= level).length,
    next_level_case_data: next ? ref(next.c, input.lang) : null,
  };
}

/** The level object of spec §3 for a player. */
export async function levelInfo(input: LadderInput & { userId: number }): Promise<LevelInfoWire> {
  return (await ownLevelInfo(input)).levels;
}

/** The level object and, for the owner's eyes only, whether their first deposit was made. */
export async function ownLevelInfo(input: LadderInput & { userId: number }): Promise<{ levels: LevelInfoWire; firstDepositMade: boolean }> {
  const { player, level, entries, nearest } = await ladder(input);
  const l = levelFromExp(player!.exp);
  const next = entries.find((e) => e.c.level > level);
  const levels: LevelInfoWire = {
    user_level: l.level,
    current_exp: l.currentExp,
    exp_previous_level: l.expPreviousLevel,
    exp_to_next_level: l.expToNextLevel,
    percent_to_next_level: l.percentToNextLevel,
    was_generated_lvl: player!.wasGenerated,
    nearest_case_time: nearest,
    next_level_case_data: next ? ref(next.c, input.lang) : null,
    available_cases: entries.filter((e) => e.c.level <= level).map((e) => ref(e.c, input.lang)),
  };
  return { levels, firstDepositMade: player!.firstDeposit !== null };
}

/** The deposit rule this store runs with. */
export const depositRuleOf = (env: { DAILY_DEPOSIT_FROM_LEVEL: number; DAILY_DEPOSIT_DAYS: number }): DepositRule => ({
  fromLevel: env.DAILY_DEPOSIT_FROM_LEVEL,
  days: env.DAILY_DEPOSIT_DAYS,
});
