import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../http/errors.ts';
import { AdminError } from './admin-error.ts';
import { runAdminCommand, adminCommand } from './commands.ts';
import { announceSwitches } from '../modules/platform/switches.ts';
import { storeEvents } from '../modules/operators/operator-events.ts';
import type { PushSender } from '../modules/push/push-port.ts';
import type { BackgroundJob } from '../platform/store-module.ts';

export interface AdminOptions {
  /** The token the local operator command presents; null closes this door. */
  token: string | null;
  /** Every background job of the store's modules (the activity runner among them), for `jobs pause|resume`. */
  jobs: () => readonly BackgroundJob[];
  reminders: { tick(): Promise<unknown> };
  closer: { tick(): Promise<unknown> };
  eventCloser: { tick(): Promise<unknown> };
  push: PushSender;
  backup?: (file: string) => Promise<{ bytes: number }>;
}

/**
 * The operator command's way in while the store runs on PGlite, where only the server process
 * may open the data folder. Loopback only, and only with the token the server wrote into its
 * data folder at start.
 */
export async function adminRoutes(app: FastifyInstance, opts: AdminOptions) {
  const { token, reminders, closer, eventCloser, push } = opts;
  const { activity, env, bus, configuredFlags } = app.deps;
  const switches = { configured: configuredFlags, announce: () => announceSwitches(bus) };
  const knownConsumer = (name: string) => {
    if (!activity.consumerNames().includes(name)) throw new AdminError(`no activity consumer "${name}" (there are: ${activity.consumerNames().join(', ')})`);
    return name;
  };
  const jobs = {
    pause: async (consumer?: string) => {
      if (consumer) return activity.pause(knownConsumer(consumer));
      for (const job of opts.jobs()) await job.close();
    },
    resume: (consumer?: string) => {
      if (env.BACKGROUND_JOBS === 'off') throw new AdminError('this process runs no background jobs (BACKGROUND_JOBS=off)');
      if (consumer) return activity.resume(knownConsumer(consumer));
      for (const job of opts.jobs()) job.start();
    },
  };
  app.post('/internal/admin', { schema: { hide: true } }, async (req, reply) => {
    const given = Buffer.from(String(req.headers['x-admin-token'] ?? ''));
    const loopback = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(req.socket.remoteAddress ?? '');
    if (!token || !loopback || given.length !== token.length || !timingSafeEqual(given, Buffer.from(token))) {
      throw new AppError('forbidden');
    }
    const parsed = adminCommand.safeParse(req.body);
    if (!parsed.success) return reply.code(400).send({ status: false, code: 'validation', message: z.prettifyError(parsed.error) });
    try {
      return { status: true, data: await runAdminCommand(app.deps.db, parsed.data, { clock: app.deps.clock, reminders, closer, eventCloser, jobs, switches, push, vendor: app.deps.vendor, localePrefix: app.deps.env.LOCALE_PREFIX, accountChanged: storeEvents(app.deps).accountChanged, backup: opts.backup }) };
    } catch (err) {
      if (err instanceof AdminError) return reply.code(400).send({ status: false, code: 'validation', message: err.message });
      throw err;
    }
  });
}
