import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../http/errors.ts';
import { AdminError } from './admin-error.ts';
import { runAdminCommand, adminCommand } from './commands.ts';
import { announceSwitches } from '../modules/platform/switches.ts';
import { storeEvents } from '../modules/operators/operator-events.ts';

/**
 * The operator command's way in while the store runs on PGlite, where only the server process
 * may open the data folder. Loopback only, and only with the token the server wrote into its
 * data folder at start.
 */
export async function adminRoutes(app: FastifyInstance, opts: { backup?: (file: string) => Promise<{ bytes: number }> } = {}) {
  const token = app.deps.adminToken;
  const { activity, reminders, closer, eventCloser, withdrawalWorker, env, bus, configuredFlags } = app.deps;
  const switches = { configured: configuredFlags, announce: () => announceSwitches(bus) };
  const knownConsumer = (name: string) => {
    if (!activity.consumerNames().includes(name)) throw new AdminError(`no activity consumer "${name}" (there are: ${activity.consumerNames().join(', ')})`);
    return name;
  };
  const jobs = {
    pause: async (consumer?: string) => {
      if (consumer) return activity.pause(knownConsumer(consumer));
      await activity.close();
      await reminders.close();
      await closer.close();
      await eventCloser.close();
      await withdrawalWorker.close();
    },
    resume: (consumer?: string) => {
      if (env.BACKGROUND_JOBS === 'off') throw new AdminError('this process runs no background jobs (BACKGROUND_JOBS=off)');
      if (consumer) return activity.resume(knownConsumer(consumer));
      activity.start();
      reminders.start();
      closer.start();
      eventCloser.start();
      withdrawalWorker.start();
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
      return { status: true, data: await runAdminCommand(app.deps.db, parsed.data, { clock: app.deps.clock, reminders, closer, eventCloser, jobs, switches, push: app.deps.push, vendor: app.deps.vendor, localePrefix: app.deps.env.LOCALE_PREFIX, accountChanged: storeEvents(app.deps).accountChanged, backup: opts.backup }) };
    } catch (err) {
      if (err instanceof AdminError) return reply.code(400).send({ status: false, code: 'validation', message: err.message });
      throw err;
    }
  });
}
