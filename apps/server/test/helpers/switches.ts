import type { FastifyInstance } from 'fastify';
import type { FlagName } from '@store/shared/api/platform';
import { runAdminCommand } from '../../src/admin/commands.ts';
import { announceSwitches } from '../../src/modules/platform/switches.ts';
import { waitFor } from './ws.ts';

/** What `npm run admin -- ...` does against this store, announced on its bus. */
export function operate(app: FastifyInstance, cmd: Parameters<typeof runAdminCommand>[1]) {
  const { db, configuredFlags, bus } = app.deps;
  return runAdminCommand(db, cmd, { switches: { configured: configuredFlags, announce: () => announceSwitches(bus) } });
}

/** Switches a flag like an operator and waits until this process serves the new value. */
export async function switchFlag(app: FastifyInstance, name: FlagName, value: 'on' | 'off' | 'reset') {
  const before = app.deps.switches.flag(name);
  await operate(app, value === 'reset' ? { command: 'flags-reset', name, operator: 'test' } : { command: 'flags-set', name, value, operator: 'test' });
  const want = value === 'reset' ? app.deps.configuredFlags[name] : value === 'on';
  if (want !== before) await waitFor(() => app.deps.switches.flag(name) === want);
}
