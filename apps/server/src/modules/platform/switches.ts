import { sql } from 'drizzle-orm';
import { FLAG_NAMES, type FeatureFlags, type FlagName } from '@store/shared/api/platform';
import type { Executor } from '../../db/client.ts';
import type { Bus } from '../../realtime/bus.ts';
import { readMeta, writeMeta } from './meta.ts';

/** Bus channel of switch changes; `internal:*` is never reachable from the websocket. */
export const SWITCHES_CHANNEL = 'internal:switches';
const FLAG_OVERRIDES = 'flag_overrides';
const TECH_WORK = 'tech_work';
/** A lost announcement (Redis reconnecting) is caught up by this re-read at the latest. */
const REFRESH_MS = 10_000;

export type FlagOverrides = Partial<Record<FlagName, boolean>>;
export interface TechWork {
  on: boolean;
  since: string | null;
  operator: string | null;
}

/**
 * The switches an operator turns while the store runs: the feature flags of spec §1 and the
 * tech-work mode. Each process keeps them in memory (every request reads them) and re-reads
 * the database when any process announces a change on the bus, so a switch reaches every
 * process at once (Redis pub/sub between processes), and a periodic re-read covers a lost
 * announcement. A flag's value is the operator's override when there is one, else the start
 * configuration (project defaults with `FLAGS` applied).
 */
export class Switches {
  private overrides: FlagOverrides = {};
  private tech: TechWork = { on: false, since: null, operator: null };
  private stopListening: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Changes seen while a re-read runs are re-read again, so the last one always wins. */
  private reading: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly db: Executor,
    private readonly bus: Bus,
    private readonly configured: FeatureFlags,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  async start(): Promise<void> {
    await this.read();
    this.stopListening = this.bus.listen((msg) => {
      if (msg.channel === SWITCHES_CHANNEL) void this.refresh();
    });
    this.timer = setInterval(() => void this.refresh(), REFRESH_MS);
    this.timer.unref();
  }

  flags(): FeatureFlags {
    return { ...this.configured, ...this.overrides };
  }

  flag(name: FlagName): boolean {
    return this.overrides[name] ?? this.configured[name];
  }

  techWork(): TechWork {
    return this.tech;
  }

  /** What the `flags` operator command lists: each flag, its value and where the value comes from. */
  describe() {
    return FLAG_NAMES.map((name) => ({ flag: name, on: this.flag(name), source: name in this.overrides ? 'operator' : 'configuration', configured: this.configured[name] }));
  }

  refresh(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = (async () => {
      do {
        this.again = false;
        try {
          await this.read();
        } catch (err) {
          this.onError(err);
        }
      } while (this.again);
    })().finally(() => (this.reading = null));
    return this.reading;
  }

  close() {
    this.stopListening?.();
    if (this.timer) clearInterval(this.timer);
  }

  private async read() {
    const [overrides, tech] = await Promise.all([readMeta<FlagOverrides>(this.db, FLAG_OVERRIDES), readMeta<TechWork>(this.db, TECH_WORK)]);
    this.overrides = Object.fromEntries(Object.entries(overrides ?? {}).filter(([k, v]) => (FLAG_NAMES as string[]).includes(k) && typeof v === 'boolean'));
    this.tech = tech ?? { on: false, since: null, operator: null };
  }
}

/**
 * Sets (a boolean) or removes (null) one flag's override. One statement merges into the stored
 * object, so two operators switching two flags at once both land.
 */
export async function setFlagOverride(db: Executor, name: FlagName, value: boolean | null): Promise<void> {
  if (value === null) await db.execute(sql`update meta set value = value - ${name}::text where key = ${FLAG_OVERRIDES}`);
  else
    await db.execute(
      sql`insert into meta (key, value) values (${FLAG_OVERRIDES}, jsonb_build_object(${name}::text, ${value}::boolean))
          on conflict (key) do update set value = meta.value || excluded.value`,
    );
}

export async function setTechWork(db: Executor, on: boolean, operator: string, now: Date): Promise<TechWork> {
  const state: TechWork = on ? { on: true, since: now.toISOString(), operator } : { on: false, since: null, operator };
  await writeMeta(db, TECH_WORK, state);
  return state;
}

/** Tells every process (this one included) to re-read the switches. */
export function announceSwitches(bus: Pick<Bus, 'publish'>): void {
  bus.publish(SWITCHES_CHANNEL, 'changed', {});
}
