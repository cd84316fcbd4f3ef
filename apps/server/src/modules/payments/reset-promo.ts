import type { Db } from '../../db/client.ts';
import { detachPromo } from './promo-store.ts';

/** POST /promo/user/reset: detaches the player's unused code; `reset` says whether there was one. */
export async function resetPromo(opts: { db: Db; userId: number }): Promise<{ reset: boolean }> {
  return { reset: await detachPromo(opts.db, opts.userId) };
}
