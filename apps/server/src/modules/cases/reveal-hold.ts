import { AppError } from '../../http/errors.ts';
import type { Holds } from '../../platform/holds.ts';

/**
 * One opening at a time per player (spec §8 fastOpen, "wait for the case to open"; decision 081).
 * While the roulette of a player's last opening still turns (its reveal time, decision 047), a new
 * opening is refused with `fastOpen` before anything is charged. The hold is shared by every
 * process (platform/holds.ts: Redis, or memory when the store runs alone), off the database so
 * the opening's transaction stays the only write; a retry of the same opening (same idempotency
 * key and request) takes the hold over and is answered as a replay. A failed opening lets the hold
 * go; a crash leaves it to expire by itself. With no reveal time (REVEAL_TIME_SCALE=0) nothing is
 * being revealed, so nothing is held.
 */
export async function withRevealHold<T>(holds: Holds, o: { userId: number; ms: number; key: string | null }, open: () => Promise<T>): Promise<T> {
  if (o.ms <= 0) return open();
  const key = `opening:${o.userId}`;
  const token = await holds.claim(key, o.ms, o.key);
  if (!token) throw new AppError('fastOpen');
  let result: T;
  try {
    result = await open();
  } catch (err) {
    await holds.release(key, token);
    throw err;
  }
  // The roulette starts when the answer arrives: the hold runs from now, not from the claim.
  await holds.extend(key, token, o.ms);
  return result;
}
