import { z } from 'zod';
import { FLAG_NAMES, type FeatureFlags, type FlagName } from '@store/shared/api/platform';
import type { Db } from '../db/client.ts';
import { changeFlag, changeTechWork, listFlags, readTechWork } from '../modules/operators/change-switches.ts';

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

export async function runSwitchCommand(db: Db, cmd: SwitchCommand, ctx: SwitchContext): Promise<unknown> {
  // The console's operations: the change and its audit row together, then every process told.
  const events = { accountChanged: () => undefined, switchesChanged: ctx.announce };
  switch (cmd.command) {
    case 'flags-list':
      return listFlags(db, ctx.configured);
    case 'flags-set':
    case 'flags-reset':
      return changeFlag({ db, name: cmd.name, value: cmd.command === 'flags-reset' ? 'reset' : cmd.value, configured: ctx.configured, operator: { id: null, name: cmd.operator }, events });
    case 'techwork':
      if (cmd.action === 'status') return readTechWork(db);
      return changeTechWork({ db, on: cmd.action === 'on', operator: { id: null, name: cmd.operator }, events, now: ctx.now });
  }
}
