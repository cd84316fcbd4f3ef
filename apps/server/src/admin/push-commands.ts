import { z } from 'zod';
import type { LocalePrefix } from '@store/shared/locale-path';
import type { Db } from '../db/client.ts';
import type { PushSender } from '../modules/push/push-port.ts';
import { listSandboxPushes } from '../modules/push/sandbox/sandbox-push.ts';
import { sendToPlayer } from '../modules/push/send-push.ts';
import { subscriptionsOf } from '../modules/push/subscriptions.ts';
import { findUserIdByLogin } from '../modules/users/accounts.ts';
import { AdminError } from './admin-error.ts';

/** Push notifications (decision 027): what the sandbox delivered, and a test notification to a player. */
export const pushCommand = z.discriminatedUnion('command', [
  z.object({ command: z.literal('push-list'), login: z.string().min(1).optional() }),
  z.object({ command: z.literal('push-send'), login: z.string().min(1) }),
]);
export type PushCommand = z.infer<typeof pushCommand>;

async function userOf(db: Db, login: string): Promise<number> {
  const id = await findUserIdByLogin(db, login);
  if (id === null) throw new AdminError(`no player with login ${login}`);
  return id;
}

export async function runPushCommand(db: Db, cmd: PushCommand, push: PushSender | undefined, localePrefix: LocalePrefix) {
  if (cmd.command === 'push-send') {
    if (!push) throw new AdminError('no push service in this process');
    const userId = await userOf(db, cmd.login);
    const result = await sendToPlayer(db, push, userId, 'test', { localePrefix });
    if (!result.sent) throw new AdminError(`${cmd.login} has not turned notifications on in any browser`);
    return result;
  }
  const endpoints = cmd.login === undefined ? undefined : (await subscriptionsOf(db, await userOf(db, cmd.login))).map((s) => s.endpoint);
  const delivered = await listSandboxPushes(db, endpoints);
  const payloadOf = (p: unknown) => p as { title?: string; body?: string; url?: string };
  // An object, not a table: the notification texts are long.
  return {
    deliveries: delivered.map((d) => ({ id: d.id, endpoint: d.endpoint, title: payloadOf(d.payload).title, body: payloadOf(d.payload).body, url: payloadOf(d.payload).url, ttl: d.ttl, at: d.createdAt.toISOString() })),
  };
}
