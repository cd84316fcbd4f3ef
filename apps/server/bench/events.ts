/**
 * The seasonal event's cost on the opening path (`BENCH_ONLY=events`), on one warm server process:
 * BENCH_CLIENTS players open two boxes a request of (a) the cheapest ordinary case, (b) the event
 * case that rolls each box's coins and credits them with a ledger row (and the season's counter by
 * its trigger), and (c) the ordinary case again with the battle-pass task consumer paused, in
 * rotated slices with a catch-up pause after each (like the opens part of run.ts). (a)/(c) is what
 * the task consumer costs the games; (b)/(a) what an event case costs over an ordinary one.
 * A bench player's level-1 task ("open 3 cases") is read back to show the consumer really ran.
 */
import type { RunningServer } from '../test/helpers/server-process.ts';
import { adminCommand, hammer, registerPlayers, request, summarise, type LoadSlice } from './common.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 5);
const CATCH_UP_MS = 2_000;
/** The seeded event case without an opens limit: 2 to 4 boxes a request. */
const EVENT_CASE = 'broken-fang';

export interface EventsBenchResult {
  plain: ReturnType<typeof summarise>;
  eventCase: ReturnType<typeof summarise>;
  plainNoTasks: ReturnType<typeof summarise>;
  /** Coins a bench player got from the event case's boxes (0: none were rolled). */
  coins: number;
  /** A bench player's progress on the season's first task, "open 3 cases" (null: not read). */
  firstTask: { current: number; end: number } | null;
}

type State = 'plain' | 'eventCase' | 'plainNoTasks';

export async function benchEvents(server: RunningServer, dataDir: string): Promise<EventsBenchResult> {
  const sections = await request(server.url, 'GET', '/api/v2/case/sections/with-cases');
  const plain = sections.data
    .flatMap((s: any) => s.cases)
    .filter((x: any) => x.available && x.price_data.currency === 'GOLD' && !x.daily && !x.multifix_number && !x.multicast_data && !x.every_n_opens_free && x.max_multi_open >= 2)
    .filter((x: any) => x.statistic_data.opens_limit === null)
    .sort((a: any, b: any) => a.price_data.price - b.price_data.price)[0];
  const players = await registerPlayers(server, dataDir, CLIENTS, 10_000_000);
  const open = (slug: string, seconds: number) => hammer(server, players, `/api/v1/cases/${slug}/open`, { multi_open: 2 }, seconds);
  const tasks = (action: 'pause' | 'resume') => adminCommand(server, dataDir, { command: 'jobs', action, consumer: 'event_tasks' });

  await open(plain.slug, WARMUP_SECONDS);
  await open(EVENT_CASE, WARMUP_SECONDS);
  const slices: Record<State, LoadSlice[]> = { plain: [], eventCase: [], plainNoTasks: [] };
  const order: State[] = ['plain', 'eventCase', 'plainNoTasks'];
  const rounds = Math.max(1, Math.round(SECONDS / SLICE_SECONDS));
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < order.length; i++) {
      const state = order[(i + r) % order.length]!;
      if (state === 'plainNoTasks') await tasks('pause');
      slices[state].push(await open(state === 'eventCase' ? EVENT_CASE : plain.slug, SECONDS / rounds));
      await tasks('resume');
      await new Promise((res) => setTimeout(res, CATCH_UP_MS));
    }
  }
  const me = await request(server.url, 'GET', '/api/v1/users/me', undefined, players[0]);
  let firstTask: EventsBenchResult['firstTask'] = null;
  for (let i = 0; i < 50; i++) {
    const pass = await request(server.url, 'GET', '/api/v1/challenge', undefined, players[0]);
    const t = pass.data?.levels?.[0]?.tasks?.[0]?.progress_data;
    firstTask = t ?? null;
    if (t && t.current >= t.end) break;
    await new Promise((res) => setTimeout(res, 100));
  }
  return {
    plain: summarise(slices.plain),
    eventCase: summarise(slices.eventCase),
    plainNoTasks: summarise(slices.plainNoTasks),
    coins: Number(me.data?.finance?.coin_balance ?? 0),
    firstTask,
  };
}
