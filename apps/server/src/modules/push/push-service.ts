import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { PushSender } from './push-port.ts';
import { SandboxPush } from './sandbox/sandbox-push.ts';
import { WebPushSender } from './web-push-sender.ts';

/**
 * The push adapter this configuration runs (decision 027): the real Web Push one with the
 * configured VAPID pair (`prepareDeployment` refused to start without it), or the sandbox.
 */
export async function openPushSender(env: Env, db: Db): Promise<PushSender> {
  if (env.PUSH_PROVIDER === 'webpush') {
    if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY || !env.VAPID_SUBJECT) throw new Error('PUSH_PROVIDER=webpush needs VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT');
    return new WebPushSender({ publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT });
  }
  return SandboxPush.open(db);
}
