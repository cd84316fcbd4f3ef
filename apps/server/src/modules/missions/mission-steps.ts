import { sql } from 'drizzle-orm';
import { MISSION_DONE } from '@store/shared/account';
import type { Executor } from '../../db/client.ts';
import { missionProgress } from './schema.ts';

/**
 * Records that a player reached `step` of a mission whose steps come in order (the push missions,
 * decision 027), inside the caller's transaction. Progress only moves up: a step reported twice,
 * or after a later one, changes nothing.
 */
export async function reachMissionStep(tx: Executor, o: { userId: number; type: string; step: number }): Promise<void> {
  const step = Math.min(o.step, MISSION_DONE);
  await tx
    .insert(missionProgress)
    .values({ userId: o.userId, type: o.type, progress: step })
    .onConflictDoUpdate({
      target: [missionProgress.userId, missionProgress.type],
      set: { progress: sql`greatest(${missionProgress.progress}, ${step})`, updatedAt: sql`now()` },
    });
}
