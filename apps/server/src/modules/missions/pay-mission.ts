import { and, eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { creditWallet } from '../wallet/wallet.ts';
import { missionRewards } from './schema.ts';

export type MissionKind = 'fast' | 'social' | 'push';

/**
 * Pays a mission's prize once, inside the caller's transaction: the reward row's primary key is
 * the once, so of any number of simultaneous payments one inserts it and credits the GOLD wallet
 * (with its ledger row); the others find the row and pay nothing. A `subject` (the network
 * account of a social mission) is paid once across every store account too. The new balance, or null when
 * the mission was paid before.
 */
export async function payMissionOnce(tx: Tx, o: { userId: number; kind: MissionKind; type: string; prize: number; subject?: string }): Promise<number | null> {
  const taken = await tx
    .insert(missionRewards)
    .values({ userId: o.userId, kind: o.kind, type: o.type, prize: o.prize, subject: o.subject ?? null })
    .onConflictDoNothing()
    .returning({ type: missionRewards.type });
  if (!taken.length) return null;
  return creditWallet({ tx, userId: o.userId, amount: o.prize, reason: `mission_${o.kind}`, ref: `mission:${o.kind}:${o.type}:${o.userId}`, meta: { type: o.type } });
}

/** The missions of a kind already paid to a player. */
export async function paidMissions(db: Executor, userId: number, kind: MissionKind): Promise<Set<string>> {
  const found = await db
    .select({ type: missionRewards.type })
    .from(missionRewards)
    .where(and(eq(missionRewards.userId, userId), eq(missionRewards.kind, kind)));
  return new Set(found.map((r) => r.type));
}
