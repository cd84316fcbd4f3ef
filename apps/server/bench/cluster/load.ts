import WebSocket from 'ws';

/**
 * A mixed workload of virtual players against a store address (one process, or nginx in front of
 * several): browsing, opening, selling, upgrading, signing contracts and battling while other
 * connections watch the battles live. Every answer is sorted into what the store acknowledged
 * (it must be in the database afterwards), what it refused by its rules (a 4xx of the
 * catalogue), what was cut off in flight (a network error or a proxy's 502/504: the outcome is
 * unknown to the player, so it may or may not have happened) and what must never happen (a 500).
 */

export interface LoadPlayer {
  token: string;
  userId: number;
}

export interface LoadReport {
  requests: number;
  /** Answered requests per kind, and their latencies in ms. */
  latencies: Record<string, number[]>;
  acknowledged: { opens: number[]; sold: number[]; upgrades: number[]; contracts: number[]; battles: string[] };
  refused: number;
  /** Writes whose answer never came: each may or may not have committed. */
  cutOffWrites: number;
  cutOffReads: number;
  /** Answers no player may ever get: 5xx from the store itself. */
  failures: string[];
  /** Requests answered after `markKill()` was called: the load went on. */
  answeredAfterKill: number;
  spectators: SpectatorReport[];
}

export interface SpectatorReport {
  battle: string;
  totalRounds: number;
  /** Each round number as the spectator learned it, live or from the catch-up read after a reconnect. */
  rounds: number[];
  reconnects: number;
  finished: boolean;
}

interface Held {
  id: number;
  price: number;
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

export async function mixedLoad(opts: {
  url: string;
  players: LoadPlayer[];
  /** Runs until this says stop. */
  running: () => boolean;
  /** Battles each player creates at most (each one watched by `watchers` connections). */
  battlesPerPlayer?: number;
  watchers?: number;
}): Promise<LoadReport & { markKill(): void; done: Promise<unknown> }> {
  const report: LoadReport = {
    requests: 0,
    latencies: {},
    acknowledged: { opens: [], sold: [], upgrades: [], contracts: [], battles: [] },
    refused: 0,
    cutOffWrites: 0,
    cutOffReads: 0,
    failures: [],
    answeredAfterKill: 0,
    spectators: [],
  };
  let killed = false;
  const wsUrl = opts.url.replace(/^http/, 'ws') + '/ws';

  const call = async (kind: string, method: string, path: string, token?: string, body?: unknown) => {
    report.requests++;
    const started = performance.now();
    let res: Response;
    try {
      res = await fetch(opts.url + path, {
        method,
        headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      if (method === 'GET') report.cutOffReads++;
      else report.cutOffWrites++;
      return null;
    }
    const text = await res.text().catch(() => null);
    if (text === null || res.status === 502 || res.status === 504) {
      if (method === 'GET') report.cutOffReads++;
      else report.cutOffWrites++;
      return null;
    }
    (report.latencies[kind] ??= []).push(performance.now() - started);
    if (killed) report.answeredAfterKill++;
    if (res.status >= 500) {
      report.failures.push(`${method} ${path} → ${res.status} ${text.slice(0, 200)}`);
      return null;
    }
    if (res.status >= 400) {
      report.refused++;
      return null;
    }
    return (JSON.parse(text) as { data: any }).data;
  };

  // What there is to buy: the cheapest plain cases (many openings per credit) and the upgrade targets.
  const sections = (await call('browse', 'GET', '/api/v2/case/sections/with-cases')) as any[];
  const cases = sections
    .flatMap((s) => s.cases)
    .filter((c: any) => c.available && c.price_data.currency === 'GOLD' && !c.multifix_number && !c.multicast_data && c.statistic_data?.opens_limit == null)
    .sort((a: any, b: any) => a.price_data.price - b.price_data.price)
    .slice(0, 3)
    .map((c: any) => c.slug as string);
  const battleCases = (await call('browse', 'GET', '/api/battles/cases')) as any;
  const battleSlug = battleCases.sections.flatMap((s: any) => s.cases).sort((a: any, b: any) => a.price_data.price - b.price_data.price)[0].slug as string;

  const watch = async (battle: string) => {
    const spectator: SpectatorReport = { battle, totalRounds: 0, rounds: [], reconnects: 0, finished: false };
    report.spectators.push(spectator);
    const learn = (b: any) => {
      spectator.totalRounds = b.total_rounds;
      for (const r of b.rounds ?? []) if (!spectator.rounds.includes(r.round)) spectator.rounds.push(r.round);
      if (b.status === 'finished') spectator.finished = true;
    };
    // Connects, subscribes, then reads the battle once: what was revealed while it was away.
    for (let attempt = 0; !spectator.finished && attempt < 20; attempt++) {
      await new Promise<void>((resolve) => {
        const ws = new WebSocket(wsUrl);
        const giveUp = setTimeout(() => ws.terminate(), 20_000);
        ws.on('open', () => ws.send(JSON.stringify({ op: 'subscribe', channel: `battle#${battle}` })));
        ws.on('message', async (raw) => {
          const msg = JSON.parse(String(raw));
          if (msg.op === 'subscribed') {
            const state = await call('watch', 'GET', `/api/battles/battle?battle_ulid=${battle}`);
            if (state) learn(state);
            if (spectator.finished) ws.close();
          } else if (msg.event === 'statechange' && !spectator.rounds.includes(msg.data.round.round)) {
            spectator.rounds.push(msg.data.round.round);
          } else if (msg.event === 'battles_battle_updated') {
            learn(msg.data);
            if (spectator.finished) ws.close();
          }
        });
        ws.on('error', () => undefined);
        ws.on('close', () => {
          clearTimeout(giveUp);
          resolve();
        });
      });
      if (!spectator.finished) {
        spectator.reconnects++;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  };

  const watching: Promise<void>[] = [];
  const player = async (p: LoadPlayer) => {
    const held: Held[] = [];
    let battles = 0;
    while (opts.running()) {
      const roll = Math.random();
      if (roll < 0.3) {
        await call('browse', 'GET', '/api/v2/case/sections/with-cases');
        await call('browse', 'GET', `/api/v1/cases/${pick(cases)}`);
      } else if (roll < 0.6 || held.length === 0) {
        const d = await call('open', 'POST', `/api/v1/cases/${pick(cases)}/open`, p.token, { multi_open: 1 });
        if (d) {
          report.acknowledged.opens.push(d.opens[0].id);
          held.push({ id: d.opens[0].item.id, price: d.opens[0].item.price });
        }
      } else if (roll < 0.75) {
        const item = held.shift()!;
        if (await call('sell', 'POST', '/api/v1/inventory/sell', p.token, { id: item.id })) report.acknowledged.sold.push(item.id);
      } else if (roll < 0.85) {
        const item = held.shift()!;
        const targets = await call('browse', 'GET', `/api/v1/unique-items?group=upgrade&min_price=${(item.price * 2).toFixed(2)}&per_page=3`);
        const target = targets?.[0];
        if (!target) continue;
        const d = await call('upgrade', 'POST', '/api/v1/upgrades/upgrade-items', p.token, { user_item_ids: [item.id], target_item_id: target.id, reversed: false });
        if (d) {
          report.acknowledged.upgrades.push(item.id);
          if (d.success) held.push({ id: d.win_prize.id, price: d.win_prize.price });
        }
      } else if (roll < 0.93 && held.length >= 3) {
        const stake = held.splice(0, 3);
        const d = await call('contract', 'POST', '/api/v1/contracts/sign', p.token, { user_item_ids: stake.map((i) => i.id) });
        if (d) {
          report.acknowledged.contracts.push(...stake.map((i) => i.id));
          held.push({ id: d.item.id, price: d.item.price });
        }
      } else if (battles < (opts.battlesPerPlayer ?? 1)) {
        battles++;
        const created = await call('battle', 'POST', '/api/battles/battles', p.token, { mode: '1v1', cases: [{ slug: battleSlug, count: 4 }] });
        if (!created) continue;
        const ulid = created.battle_ulid as string;
        report.acknowledged.battles.push(ulid);
        // Watched once it runs (bots take the empty seat); the first read catches up what came before.
        if (!(await call('battle', 'POST', '/api/battles/start', p.token, { battle_ulid: ulid }))) continue;
        for (let i = 0; i < (opts.watchers ?? 2); i++) watching.push(watch(ulid));
      }
    }
  };

  const players = Promise.all(opts.players.map(player));
  return Object.assign(report, {
    markKill: () => {
      killed = true;
    },
    done: players.then(() => Promise.all(watching)),
  });
}
