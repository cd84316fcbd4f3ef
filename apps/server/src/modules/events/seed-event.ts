import { pluralCategory } from '@store/shared/format/numbers';
import { PASS_LEVELS, PASS_RARE_LEVELS, PASS_ULTRA_LEVEL } from '@store/shared/battle-pass';
import type { TaskType } from '@store/shared/events';
import type { Db } from '../../db/client.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { findCasesBySlugs, listCatalogueRows } from '../catalogue/find-cases.ts';
import { findSeriesBoard } from '../leaderboards/boards.ts';
import { pickPrizes, EVENT_SERIES } from '../leaderboards/seed-leaderboards.ts';
import { createEvent, findEventBySlug, type NewEvent } from './events.ts';

export const SEASON_SLUG = 'season-1';
/** Done levels of the seeded season stay claimable a week after it ends. */
const CLAIM_GRACE_MS = 7 * 86_400_000;
const ULTRA_CASE = 'coin-nova';
const RAFFLE_TARGETS = [800, 400, 200, 100, 50];

/** Coins from level n − 1 to level n: 50 for the first, then ten more each level. */
export const levelCost = (level: number): number => 50 + 10 * (level - 1);

/** A Russian noun for `n` by the language's plural rules: one (1, 21), few (2–4, 22), many (0, 5–20). */
const plural = (n: number, [one, few, many]: [string, string, string]) => ({ one, few, many })[pluralCategory(n, 'ru') as 'one' | 'few' | 'many'] ?? many;

type Project = 'cs' | 'dota';
/** The shelves a rotation's task may name, when the catalogue has them active. */
interface TaskShelves {
  event: boolean;
  /** The Dota 2 catalogue's hero-attribute cases (strength, agility, intelligence, universal). */
  attributes: boolean;
}

/** Each game's season: its names, and which of the catalogue's shelves its tasks send players to. */
const SEASONS = {
  cs: {
    title: { ru: 'Неоновый сезон', en: 'Neon Season' },
    subtitle: { ru: 'Выполняйте задания, копите монеты и забирайте награды пропуска', en: 'Finish tasks, collect coins and take the pass rewards' },
    fullName: { ru: 'Сезон 1: Неон', en: 'Season 1: Neon' },
  },
  dota: {
    title: { ru: 'Сезон Дайртайда', en: 'Diretide Season' },
    subtitle: { ru: 'Рошан проснулся: выполняйте задания, копите монеты и забирайте награды пропуска', en: 'Roshan is awake: finish tasks, collect coins and take the pass rewards' },
    fullName: { ru: 'Сезон 1: Дайртайд', en: 'Season 1: Diretide' },
  },
} satisfies Record<Project, Record<'title' | 'subtitle' | 'fullName', { ru: string; en: string }>>;

/** One task of the rotation, sized for `level`, with its text in both languages. */
function rotationTask(level: number, k: number, shelves: TaskShelves): { type: TaskType; target: number; sectionSlugs?: string[]; description: { ru: string; en: string } } {
  const n = (base: number, per: number) => base + Math.floor(level / per);
  const turn = (level * 2 + k) % 7;
  switch (turn === 5 && !shelves.event ? 0 : turn) {
    case 0: {
      const t = n(3, 2);
      // In a Dota 2 store every other such task asks for the heroes' own cases.
      if (shelves.attributes && level % 2 === 1) {
        return {
          type: 'open_cases',
          target: t,
          sectionSlugs: ['attributes'],
          description: { ru: `Откройте ${t} ${plural(t, ['кейс', 'кейса', 'кейсов'])} атрибутов героев`, en: `Open ${t} hero attribute cases` },
        };
      }
      return { type: 'open_cases', target: t, description: { ru: `Откройте ${t} ${plural(t, ['кейс', 'кейса', 'кейсов'])}`, en: `Open ${t} cases` } };
    }
    case 1: {
      const t = n(1, 6);
      return { type: 'make_upgrades', target: t, description: { ru: `Сделайте ${t} ${plural(t, ['апгрейд', 'апгрейда', 'апгрейдов'])}`, en: `Make ${t} upgrade${t === 1 ? '' : 's'}` } };
    }
    case 2: {
      const t = n(1, 10);
      return { type: 'win_battles', target: t, description: { ru: `Победите в ${t} ${plural(t, ['батле', 'батлах', 'батлах'])}`, en: `Win ${t} battle${t === 1 ? '' : 's'}` } };
    }
    case 3: {
      const gold = 100 + 20 * level;
      return { type: 'spend', target: gold * 100, description: { ru: `Потратьте ${gold} G на игры`, en: `Spend ${gold} G on games` } };
    }
    case 4: {
      const t = n(1, 8);
      return { type: 'sign_contracts', target: t, description: { ru: `Подпишите ${t} ${plural(t, ['контракт', 'контракта', 'контрактов'])}`, en: `Sign ${t} contract${t === 1 ? '' : 's'}` } };
    }
    case 5: {
      const t = n(2, 4);
      return {
        type: 'open_cases',
        target: t,
        sectionSlugs: ['event'],
        description: { ru: `Откройте ${t} ${plural(t, ['кейс', 'кейса', 'кейсов'])} события`, en: `Open ${t} event cases` },
      };
    }
    default: {
      const t = n(1, 8);
      return { type: 'play_battles', target: t, description: { ru: `Сыграйте ${t} ${plural(t, ['батл', 'батла', 'батлов'])}`, en: `Play ${t} battle${t === 1 ? '' : 's'}` } };
    }
  }
}

/**
 * The seeded season's pass (decision 017): 50 levels, level n reached at the sum of levelCost up
 * to n; each level has two tasks paying together a little more than the level costs, so tasks
 * alone climb the pass. Rewards: coins or money on classic levels, an event case on the rare
 * levels, a coin case and 500 G at the ultra level. Level 1 is the tutorial: open three cases
 * (60 coins) reaches it, and its 100 coins buy the cheapest coin case.
 */
export function seasonPass(eventCase: string | null, ultraCase: string | null, shelves: TaskShelves): Pick<NewEvent, 'levels' | 'tasks'> {
  const levels: NewEvent['levels'] = [];
  const tasks: NewEvent['tasks'] = [
    { level: 1, type: 'open_cases', target: 3, description: { ru: 'Откройте 3 кейса', en: 'Open 3 cases' }, coins: 60 },
    { level: 1, type: 'make_upgrades', target: 1, description: { ru: 'Сделайте апгрейд', en: 'Make an upgrade' }, coins: 40 },
  ];
  let threshold = 0;
  for (let level = 1; level <= PASS_LEVELS; level++) {
    threshold += levelCost(level);
    if (level === 1) levels.push({ threshold, coins: 100 });
    else if (level === PASS_ULTRA_LEVEL) levels.push({ threshold, money: 50_000, ...(ultraCase ? { caseSlug: ultraCase, caseAmount: 1 } : { coins: 500 }) });
    else if (PASS_RARE_LEVELS.includes(level)) levels.push({ threshold, ...(eventCase ? { caseSlug: eventCase, caseAmount: 1 } : { money: 10_000 }) });
    else if (level % 2 === 0) levels.push({ threshold, money: 500 + 100 * level });
    else levels.push({ threshold, coins: 20 + 2 * level });
    if (level > 1) {
      const reward = Math.ceil((levelCost(level) * 0.6) / 5) * 5;
      tasks.push({ level, ...rotationTask(level, 0, shelves), coins: reward }, { level, ...rotationTask(level, 1, shelves), coins: reward });
    }
  }
  return { levels, tasks };
}

/**
 * The season a store starts with, so `npm start` shows a running event: it runs over the season
 * leaderboard's period and that board is its top. Made once; an operator's changes stay.
 */
export async function seedEvent(db: Db, catalogue: Catalogue, project: Project): Promise<void> {
  if (await findEventBySlug(db, SEASON_SLUG)) return;
  const board = await findSeriesBoard(db, EVENT_SERIES);
  if (!board) return;
  const found = new Set((await findCasesBySlugs(db, [ULTRA_CASE])).map((c) => c.slug));
  const rows = await listCatalogueRows(db);
  const eventSectionRow = rows.sections.find((s) => s.slug === 'event' && s.status === 'active');
  const shelves = { event: eventSectionRow !== undefined, attributes: rows.sections.some((s) => s.slug === 'attributes' && s.status === 'active') };
  // The rare levels pay the first case of the event's shelf: each project's catalogue has its own
  // (a CS2 operation case, a Dota 2 chest), so the pass of either store rewards its own content.
  const eventCase = eventSectionRow ? (rows.cases.find((c) => c.sectionId === eventSectionRow.id && c.status === 'active' && c.currency === 'GOLD')?.slug ?? null) : null;
  await createEvent(db, catalogue, {
    slug: SEASON_SLUG,
    ...SEASONS[project],
    startsAt: board.startsAt,
    endsAt: board.endsAt,
    claimGraceMs: CLAIM_GRACE_MS,
    topLeaderboardId: board.id,
    coinsPerTicket: 100,
    ...seasonPass(eventCase, found.has(ULTRA_CASE) ? ULTRA_CASE : null, shelves),
    rafflePrizes: pickPrizes(catalogue, RAFFLE_TARGETS),
  });
}
