/**
 * What each activity of the stream counts for, in one table: experience, the leaderboards, the
 * event's (battle-pass) tasks and the missions. The rules other modules read (`SPENDING_KINDS`,
 * `expForSpend`, `LEADERBOARD_SCORING`, `scoreOf`, `TASK_RULES`, `taskStep`) are views of it, and
 * the server's consumers pass its kinds and figures to their SQL as parameters. No IO here.
 */

/**
 * What a counter takes from one activity: `amount` (minor units put in), `won` (minor units that
 * came back), `count` (the cases of a multi-open), `win` (1 when the game gave anything back),
 * `one` (the game itself, whatever it staked).
 */
export type Measure = 'amount' | 'won' | 'count' | 'win' | 'one';

/** The figures of one activity a measure reads. */
export interface MeasuredActivity {
  kind: string;
  amount: number;
  won: number;
  count: number;
}

/** What one activity adds under `measure`; never negative. */
export function measureOf(measure: Measure, a: MeasuredActivity): number {
  switch (measure) {
    case 'amount':
      return Math.max(0, a.amount);
    case 'won':
      return Math.max(0, a.won);
    case 'count':
      return Math.max(0, a.count);
    case 'win':
      return a.won > 0 ? 1 : 0;
    case 'one':
      return 1;
  }
}

/** Experience is one point per this many minor units spent: one per whole GOLD. */
export const MINOR_PER_EXP = 100;

/** What each leaderboard type measures, in the order the boards are listed. */
export const LEADERBOARD_MEASURES = {
  spent: 'amount',
  won: 'won',
  cases_opened: 'count',
  battles_won: 'win',
  upgrade_wins: 'win',
} as const satisfies Record<string, Measure>;
export type LeaderboardType = keyof typeof LEADERBOARD_MEASURES;

/** What each event task type measures, in the order the console offers them. */
export const TASK_MEASURES = {
  open_cases: 'count',
  win_battles: 'win',
  play_battles: 'one',
  make_upgrades: 'one',
  sign_contracts: 'one',
  spend: 'amount',
  deposit: 'amount',
} as const satisfies Record<string, Measure>;
export type TaskType = keyof typeof TASK_MEASURES;

/** What each mission fed by the stream measures (the other missions are not games). */
export const MISSION_MEASURES = {
  open_cases: 'count',
} as const satisfies Record<string, Measure>;
export type StreamMissionType = keyof typeof MISSION_MEASURES;

/** What one kind of activity counts for; a counter left out does not count it. */
export interface Counts {
  /** Its spending earns experience (the activity's `amount`, at MINOR_PER_EXP). */
  exp?: true;
  leaderboards?: readonly LeaderboardType[];
  tasks?: readonly TaskType[];
  missions?: readonly StreamMissionType[];
}

/**
 * The table. Every paid game earns experience and counts as spent; anything that can hand a
 * player items counts as won. Paid openings alone are cases opened on a board: a free or daily
 * case is the same for everyone, so it cannot be a race; a task or a mission is a player's own
 * progress, so there every case opened counts. An offer bundle is a purchase, not an opening.
 */
export const PROGRESSION = {
  case_open: {
    exp: true,
    leaderboards: ['spent', 'won', 'cases_opened'],
    tasks: ['open_cases', 'spend'],
    missions: ['open_cases'],
  },
  daily_case: { leaderboards: ['won'], tasks: ['open_cases'], missions: ['open_cases'] },
  free_case: { leaderboards: ['won'], tasks: ['open_cases'], missions: ['open_cases'] },
  offer_purchase: { exp: true, leaderboards: ['spent', 'won'], tasks: ['spend'] },
  upgrade: { exp: true, leaderboards: ['spent', 'won', 'upgrade_wins'], tasks: ['make_upgrades', 'spend'] },
  contract: { exp: true, leaderboards: ['spent', 'won'], tasks: ['sign_contracts', 'spend'] },
  battle_finished: { exp: true, leaderboards: ['spent', 'won', 'battles_won'], tasks: ['win_battles', 'play_battles', 'spend'] },
  deposit: { tasks: ['deposit'] },
  sale: {},
  withdrawal: {},
} as const satisfies Record<string, Counts>;

/** Every kind of activity the stream holds. */
export type ActivityKind = keyof typeof PROGRESSION;
export const ACTIVITY_KINDS = Object.keys(PROGRESSION) as ActivityKind[];

/** The kinds the table counts for what `counts` picks, in the table's order. */
export const kindsWhere = (counts: (c: Counts) => boolean | undefined): ActivityKind[] =>
  ACTIVITY_KINDS.filter((kind) => counts(PROGRESSION[kind] as Counts) === true);

/** The kinds whose spending earns experience. */
export const EXP_KINDS: readonly ActivityKind[] = kindsWhere((c) => c.exp);
export const kindsOfBoard = (type: LeaderboardType): ActivityKind[] => kindsWhere((c) => c.leaderboards?.includes(type));
export const kindsOfTask = (type: TaskType): ActivityKind[] => kindsWhere((c) => c.tasks?.includes(type));
export const kindsOfMission = (type: StreamMissionType): ActivityKind[] => kindsWhere((c) => c.missions?.includes(type));

/** Experience a spend of `minor` units earns. */
export const expForSpend = (minor: number): number => Math.floor(Math.max(0, minor) / MINOR_PER_EXP);
