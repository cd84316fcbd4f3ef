import { z } from 'zod';
import { FLAG_NAMES, type FeatureFlags, type FlagName } from '@store/shared/api/platform';
import type { Db } from '../db/client.ts';
import { readMeta } from '../modules/platform/meta.ts';
import { setFlagOverride, setTechWork, type FlagOverrides, type TechWork } from '../modules/platform/switches.ts';

const flagName = z.enum(FLAG_NAMES as [FlagName, ...FlagName[]]);

/** The switches an operator turns while the store runs (decision 023). */
export const switchCommand = z.discriminatedUnion('command', [
  z.object({ command: z.literal('flags-list') }),
  z.object({ command: z.literal('flags-set'), name: flagName, value: z.enum(['on', 'off']), operator: z.string().min(1) }),
  z.object({ command: z.literal('flags-reset'), name: flagName, operator: z.string().min(1) }),
  z.object({ command: z.literal('techwork'), action: z.enum(['on', 'off', 'status']), operator: z.string().min(1) }),
]);
export type SwitchCommand = z.infer<typeof switchCommand>;

export interface SwitchContext {
  /** The flags the store started with (project defaults and `FLAGS`), to show what an override replaces. */
  configured: FeatureFlags;
  /** Tells every process to re-read the switches now. */
  announce: () => void | Promise<void>;
  now: Date;
}

async function listFlags(db: Db, configured: FeatureFlags) {
  const overrides = (await readMeta<FlagOverrides>(db, 'flag_overrides')) ?? {};
  return FLAG_NAMES.map((name) => ({ flag: name, on: overrides[name] ?? configured[name], source: name in overrides ? 'operator' : 'configuration', configured: configured[name] }));
}

export async function runSwitchCommand(db: Db, cmd: SwitchCommand, ctx: SwitchContext): Promise<unknown> {
  switch (cmd.command) {
    case 'flags-list':
      return listFlags(db, ctx.configured);
    case 'flags-set':
      await setFlagOverride(db, cmd.name, cmd.value === 'on');
      await ctx.announce();
      return listFlags(db, ctx.configured);
    case 'flags-reset':
      await setFlagOverride(db, cmd.name, null);
      await ctx.announce();
      return listFlags(db, ctx.configured);
    case 'techwork': {
      if (cmd.action === 'status') return (await readMeta<TechWork>(db, 'tech_work')) ?? { on: false, since: null, operator: null };
      const state = await setTechWork(db, cmd.action === 'on', cmd.operator, ctx.now);
      await ctx.announce();
      return state;
    }
  }
}
