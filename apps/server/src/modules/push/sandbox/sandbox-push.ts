import { desc, eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../../db/client.ts';
import { keepFirstMeta } from '../../platform/meta.ts';
import { PUSH_TTL_S, type PushOutcome, type PushPayload, type PushSender, type PushTarget } from '../push-port.ts';
import { sandboxPushDeliveries } from '../schema.ts';

/**
 * The sandbox push service: it records each notification it would have delivered in
 * `sandbox_push_deliveries`, where tests and `npm run admin -- push` read them. Its VAPID pair is
 * real (browsers subscribe with the public key as they would with ours) and made once per store,
 * kept in the database like the other shared secrets.
 */
export class SandboxPush implements PushSender {
  private constructor(
    private readonly db: Db,
    readonly publicKey: string,
  ) {}

  static async open(db: Db): Promise<SandboxPush> {
    const pair = await keepFirstMeta(db, 'push_sandbox_vapid', webpush.generateVAPIDKeys());
    return new SandboxPush(db, pair.publicKey);
  }

  accepts(endpoint: string): boolean {
    return endpoint.startsWith('https://');
  }

  async send(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
    await this.db.insert(sandboxPushDeliveries).values({ endpoint: target.endpoint, payload, ttl: PUSH_TTL_S });
    return 'accepted';
  }
}

/** What the sandbox delivered, newest first: to some endpoints, or to anyone. */
export async function listSandboxPushes(db: Db, endpoints?: string[]) {
  const q = db.select().from(sandboxPushDeliveries);
  if (endpoints && !endpoints.length) return [];
  const filtered = endpoints === undefined ? q : q.where(endpoints.length === 1 ? eq(sandboxPushDeliveries.endpoint, endpoints[0]!) : inArray(sandboxPushDeliveries.endpoint, endpoints));
  return filtered.orderBy(desc(sandboxPushDeliveries.id)).limit(100);
}
