import type { FeatureFlags, FlagName } from '@store/shared/api/platform';
import { FLAG_NAMES } from '@store/shared/api/platform';
import type { Db, Executor } from '../../db/client.ts';
import { readMeta } from '../platform/meta.ts';
import { setFlagOverride, setTechWork, type FlagOverrides, type TechWork } from '../platform/switches.ts';
import { recordAction, type Operator } from './audit.ts';
import type { OperatorEvents } from './operator-events.ts';

/**
 * The switches an operator turns while the store runs (decision 023), from the console and from
 * `npm run admin` alike: the change and its audit row in one transaction, then every process told.
 */

const OFF: TechWork = { on: false, since: null, operator: null };

/** Each flag, its value and where the value comes from, as stored now (not as this process last read it). */
export async function listFlags(db: Executor, configured: FeatureFlags) {
  const overrides = (await readMeta<FlagOverrides>(db, 'flag_overrides')) ?? {};
  return FLAG_NAMES.map((name) => ({
    flag: name,
    on: overrides[name] ?? configured[name],
    source: name in overrides ? ('operator' as const) : ('configuration' as const),
    configured: configured[name],
  }));
}

export async function readTechWork(db: Executor): Promise<TechWork> {
  return (await readMeta<TechWork>(db, 'tech_work')) ?? OFF;
}

/** Sets a flag on or off, or gives it back to the configuration (`reset`). */
export async function changeFlag(o: {
  db: Db;
  name: FlagName;
  value: 'on' | 'off' | 'reset';
  configured: FeatureFlags;
  operator: Operator;
  events: OperatorEvents;
}) {
  await o.db.transaction(async (tx) => {
    const describe = async () => (await listFlags(tx, o.configured)).find((f) => f.flag === o.name)!;
    const before = await describe();
    await setFlagOverride(tx, o.name, o.value === 'reset' ? null : o.value === 'on');
    const after = await describe();
    await recordAction(tx, {
      operator: o.operator,
      action: 'flags.write',
      target: { kind: 'flag', id: o.name },
      before: { on: before.on, source: before.source },
      after: { on: after.on, source: after.source },
    });
  });
  await o.events.switchesChanged();
  return listFlags(o.db, o.configured);
}

/** Turns the tech-work page on or off for the whole store. */
export async function changeTechWork(o: { db: Db; on: boolean; operator: Operator; events: OperatorEvents; now: Date }): Promise<TechWork> {
  const state = await o.db.transaction(async (tx) => {
    const before = await readTechWork(tx);
    const after = await setTechWork(tx, o.on, o.operator.name, o.now);
    await recordAction(tx, { operator: o.operator, action: 'techwork.write', target: { kind: 'techwork', id: 'store' }, before, after });
    return after;
  });
  await o.events.switchesChanged();
  return state;
}
