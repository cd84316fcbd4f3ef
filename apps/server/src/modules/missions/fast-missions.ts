import { emailProgress, FAST_MISSION_TYPES, FAST_MISSIONS, MISSION_DONE, openCasesProgress, type FastMissionType } from '@store/shared/account';
import type { FastMission } from '@store/shared/api/account';
import type { Lang } from '@store/shared/errors';
import { toUnits } from '@store/shared/money';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { missionFacts } from '../users/accounts.ts';
import { FAST_MISSION_TEXTS } from './mission-texts.ts';
import { paidMissions, payMissionOnce } from './pay-mission.ts';
import { streamedProgress } from './progress-consumer.ts';

/**
 * Each fast mission's progress 0..3 (spec §3): the account's state (an e-mail confirmed, a trade
 * link saved) from the users module, the games from the activity stream (the missions consumer).
 */
async function progressOf(db: Executor, userId: number): Promise<Record<FastMissionType, number>> {
  const [f, opened] = await Promise.all([missionFacts(db, userId), streamedProgress(db, userId, 'open_cases')]);
  return {
    email: emailProgress({ confirmed: f.emailConfirmed, sent: f.emailSent }),
    trade_link: f.tradeLink ? MISSION_DONE : 0,
    open_cases: openCasesProgress(opened),
  };
}

/** The fast missions in the player's language; a paid mission reads as done whatever happened since. */
export async function listFastMissions(db: Db, userId: number, lang: Lang): Promise<FastMission[]> {
  const [progress, paid] = await Promise.all([progressOf(db, userId), paidMissions(db, userId, 'fast')]);
  return FAST_MISSION_TYPES.map((type) => ({
    type,
    progress: paid.has(type) ? MISSION_DONE : progress[type],
    ...FAST_MISSION_TEXTS[type][lang],
    prize: toUnits(FAST_MISSIONS[type].prize),
    claimed: paid.has(type),
  }));
}

/** Pays a done fast mission's prize once (mission_claimed after, mission_not_done before it is done). */
export async function claimFastMission(db: Db, userId: number, type: FastMissionType): Promise<{ prize: number; balance: number }> {
  const prize = FAST_MISSIONS[type].prize;
  return db.transaction(async (tx) => {
    if ((await paidMissions(tx, userId, 'fast')).has(type)) throw new AppError('mission_claimed');
    if ((await progressOf(tx, userId))[type] < MISSION_DONE) throw new AppError('mission_not_done');
    const balance = await payMissionOnce(tx, { userId, kind: 'fast', type, prize });
    if (balance === null) throw new AppError('mission_claimed');
    return { prize: toUnits(prize), balance: toUnits(balance) };
  });
}
