import { z } from 'zod';
import { DEFAULT_LOCALE_PREFIX, type LocalePrefix } from '@store/shared/locale-path';
import { AdminError } from './admin-error.ts';
import type { Db } from '../db/client.ts';
import { caseReport } from './case-report.ts';
import { createPromo, promoCreateCommand } from './create-promo.ts';
import { grantBalance } from './grant-balance.ts';
import { makeAdmin, setRoleCommand } from './make-admin.ts';
import { OPERATOR_ROLES } from '@store/shared/operators';
import type { OperatorEvents } from '../modules/operators/operator-events.ts';
import { advanceClock, grantFreeCaseCommand, mailCommand, notificationsCommand, pauseOrResumeJobs } from './level-commands.ts';
import type { Clock } from '../platform/clock.ts';
import { runTopCommand, topCommand } from './leaderboard-commands.ts';
import { eventCommand, runEventCommand } from './event-commands.ts';
import { itemCommand, runItemCommand } from './item-commands.ts';
import { runSwitchCommand, switchCommand, type SwitchContext } from './switch-commands.ts';
import { pushCommand, runPushCommand } from './push-commands.ts';
import { blockCommand, runBlockCommand } from './block-commands.ts';
import type { PushSender } from '../modules/push/push-port.ts';
import type { SkinVendor } from '../modules/withdrawals/vendor.ts';

export const adminCommand = z.discriminatedUnion('command', [
  z.object({ command: z.literal('grant'), login: z.string().min(1), amount: z.number(), operator: z.string().min(1), reason: z.string().trim().min(3).max(500).optional() }),
  z.object({ command: z.literal('make-admin'), login: z.string().min(1), operator: z.string().min(1).default('operator') }),
  z.object({ command: z.literal('role'), login: z.string().min(1), role: z.enum([...OPERATOR_ROLES, 'none']), operator: z.string().min(1).default('operator') }),
  z.object({ command: z.literal('cases') }),
  promoCreateCommand,
  z.object({
    command: z.literal('free-case'),
    login: z.string().min(1),
    case: z.string().min(1),
    days: z.number().positive().max(365).default(7),
    operator: z.string().min(1),
    reason: z.string().trim().min(3).max(500).optional(),
  }),
  z.object({ command: z.literal('notifications'), login: z.string().min(1).optional() }),
  z.object({ command: z.literal('mail'), to: z.string().min(1).optional() }),
  z.object({ command: z.literal('clock'), advanceHours: z.number().positive().max(24 * 365) }),
  // An absolute path on this machine: the command line resolves it before it travels.
  z.object({ command: z.literal('backup'), out: z.string().min(2).max(4096).refine((p) => p.startsWith('/'), 'an absolute path') }),
  z.object({ command: z.literal('jobs'), action: z.enum(['pause', 'resume']), consumer: z.string().min(1).optional() }),
  ...topCommand.options,
  ...eventCommand.options,
  ...itemCommand.options,
  ...switchCommand.options,
  ...pushCommand.options,
  ...blockCommand.options,
]);
export type AdminCommand = z.infer<typeof adminCommand>;

/** What a command may touch beyond the database: the running store's clock and jobs, when it asks a running store. */
export interface AdminContext {
  clock?: Clock;
  reminders?: { tick(): Promise<unknown> };
  /** The leaderboard close job: after the clock moves, ended boards close at once. */
  closer?: { tick(): Promise<unknown> };
  /** The event close job: after the clock moves, ended events draw their raffles at once. */
  eventCloser?: { tick(): Promise<unknown> };
  /** This process's background jobs (activity consumers, reminders, the leaderboard close), or one activity consumer. */
  jobs?: { pause(consumer?: string): Promise<void>; resume(consumer?: string): void };
  /** The feature flags and tech-work switches: what the store started with and how to tell every process. */
  switches?: Omit<SwitchContext, 'now'>;
  /** The push service: the running store's, or one the command opens from the configuration. */
  push?: PushSender;
  /** The deployment's LOCALE_PREFIX, for the page a notification opens. */
  localePrefix?: LocalePrefix;
  /** Tells every process that an account's role changed, so its cached sessions are re-read. */
  accountChanged?: OperatorEvents['accountChanged'];
  /** The running store's marketplace: a withdrawal settled as returned asks it about the order first. */
  vendor?: SkinVendor;
  /** The embedded database's backup (decision 039); absent on a PostgreSQL server. */
  backup?: (file: string) => Promise<{ bytes: number }>;
}

const accountEvents = (ctx: AdminContext): OperatorEvents => ({ accountChanged: (userId) => ctx.accountChanged?.(userId), switchesChanged: () => ctx.switches?.announce() });

export async function runAdminCommand(db: Db, cmd: AdminCommand, ctx: AdminContext = {}): Promise<unknown> {
  switch (cmd.command) {
    case 'free-case':
      return grantFreeCaseCommand(db, { login: cmd.login, slug: cmd.case, days: cmd.days, reason: cmd.reason, operator: cmd.operator });
    case 'notifications':
      return notificationsCommand(db, cmd.login);
    case 'mail':
      return mailCommand(db, cmd.to);
    case 'push-list':
    case 'push-send':
      return runPushCommand(db, cmd, ctx.push, ctx.localePrefix ?? DEFAULT_LOCALE_PREFIX);
    case 'clock':
      return advanceClock(ctx.clock, cmd.advanceHours, async () => {
        await ctx.reminders?.tick();
        await ctx.closer?.tick();
        await ctx.eventCloser?.tick();
      });
    case 'jobs':
      return pauseOrResumeJobs(ctx.jobs, cmd.action, cmd.consumer);
    case 'backup': {
      if (!ctx.backup) throw new AdminError('the store runs on a PostgreSQL server: back it up with pg_basebackup and WAL archiving, or pg_dump for a one-off copy (docs/operations.md, "Backups on PostgreSQL")');
      const { bytes } = await ctx.backup(cmd.out);
      return { file: cmd.out, bytes };
    }
    case 'top-create':
    case 'top-list':
    case 'top-end':
      return runTopCommand(db, cmd, ctx.clock);
    case 'event-create':
    case 'event-list':
    case 'event-end':
      return runEventCommand(db, cmd, ctx.clock);
    case 'give-item':
    case 'withdrawal-list':
    case 'withdrawal-settle':
      return runItemCommand(db, cmd, ctx.vendor);
    case 'grant':
      return grantBalance({ db, login: cmd.login, amount: cmd.amount, operator: cmd.operator, reason: cmd.reason });
    case 'make-admin':
      return makeAdmin({ db, login: cmd.login, operator: cmd.operator, events: accountEvents(ctx) });
    case 'block':
    case 'unblock':
      return runBlockCommand(db, cmd, accountEvents(ctx), ctx.clock?.now() ?? new Date());
    case 'role':
      return setRoleCommand({ db, login: cmd.login, role: cmd.role === 'none' ? null : cmd.role, operator: cmd.operator, events: accountEvents(ctx) });
    case 'cases':
      return caseReport({ db });
    case 'promo-create':
      return createPromo(db, cmd);
    case 'flags-list':
    case 'flags-set':
    case 'flags-reset':
    case 'techwork':
      if (!ctx.switches) throw new AdminError('the switches need the store configuration');
      return runSwitchCommand(db, cmd, { ...ctx.switches, now: ctx.clock?.now() ?? new Date() });
  }
}
