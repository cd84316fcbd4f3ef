import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { giveFreeCase } from '../modules/operators/give-free-case.ts';
import { listSandboxMail } from '../modules/mail/mailer.ts';
import { listOutgoingMail } from '../modules/mail/outbox.ts';
import { listSandboxNotifications } from '../modules/levels/notifier.ts';
import { findUserIdByLogin } from '../modules/users/accounts.ts';
import { MovableClock, type Clock } from '../platform/clock.ts';
import { AdminError } from './admin-error.ts';

/** Gives a player a free opening of a case, valid for `days` days, with its audit row naming the operator. */
export async function grantFreeCaseCommand(db: Db, { login, slug, days, reason, operator }: { login: string; slug: string; days: number; reason?: string; operator: string }) {
  const userId = await findUserIdByLogin(db, login);
  if (!userId) throw new AdminError(`no player with login "${login}"`);
  try {
    const { granted, expires_at } = await giveFreeCase({ db, userId, slug, days, reason, operator: { id: null, name: operator } });
    return { user_id: userId, login, case: slug, granted, expires_at };
  } catch (err) {
    if (err instanceof AppError && err.code === 'caseNotFound') throw new AdminError(`no case "${slug}"`);
    throw err;
  }
}

/** What the sandbox notification service delivered, newest first (optionally one player's). */
export async function notificationsCommand(db: Db, login?: string) {
  const userId = login === undefined ? undefined : await findUserIdByLogin(db, login);
  if (login !== undefined && !userId) throw new AdminError(`no player with login "${login}"`);
  const sent = await listSandboxNotifications(db, userId ?? undefined);
  return sent.map((n) => ({ id: n.id, user_id: n.userId, channels: n.channels.join(','), text: n.text, at: n.createdAt.toISOString() }));
}

/**
 * The mail of one address or of anyone, newest first: every message the store recorded, how it
 * went (state, attempts, the last refusal), and what the sandbox mail service delivered, for
 * support to read a player's letters.
 */
export async function mailCommand(db: Db, to?: string) {
  const address = to?.trim().toLowerCase();
  const [sent, recorded] = await Promise.all([listSandboxMail(db, address), listOutgoingMail(db, { to: address })]);
  // An object, not a list: letters are long, so the command prints them as JSON rather than a table.
  return {
    letters: sent.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, at: m.createdAt.toISOString() })),
    messages: recorded.map((m) => ({
      id: m.id,
      user_id: m.userId,
      channel: m.channel,
      template: m.template,
      to: m.to,
      subject: m.subject,
      state: m.state,
      attempts: m.attempts,
      last_error: m.lastError,
      at: m.createdAt.toISOString(),
      sent_at: m.sentAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Pauses or resumes the running store's background jobs (activity consumers such as experience and
 * leaderboard scores, the daily-case reminders, the leaderboard close), or one activity consumer by
 * name: for a maintenance window, and for the bench, which measures the opens with and without them
 * in one process. Paused work waits in the stream; nothing is lost.
 */
export async function pauseOrResumeJobs(
  jobs: { pause(consumer?: string): Promise<void>; resume(consumer?: string): void } | undefined,
  action: 'pause' | 'resume',
  consumer?: string,
) {
  if (!jobs) throw new AdminError('background jobs are paused or resumed on a running store');
  if (action === 'pause') await jobs.pause(consumer);
  else jobs.resume(consumer);
  return { [consumer ?? 'jobs']: action === 'pause' ? 'paused' : 'running' };
}

/** Moves a TEST_CLOCK store's clock forward, then runs the reminders that became due. */
export async function advanceClock(clock: Clock | undefined, hours: number, afterMove: () => Promise<unknown>) {
  if (!(clock instanceof MovableClock)) throw new AdminError('the clock moves only on a running store started with TEST_CLOCK=1');
  const now = clock.advance(hours * 3_600_000);
  await afterMove();
  return { now: now.toISOString() };
}
