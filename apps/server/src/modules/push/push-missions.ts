import { MISSION_DONE } from '@store/shared/account';
import type { PushMission } from '@store/shared/api/pwa';
import type { Lang } from '@store/shared/errors';
import { formatMinor, toUnits } from '@store/shared/money';
import { PUSH_MISSIONS, type PushMissionType } from '@store/shared/pwa';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { paidMissions, payMissionOnce } from '../missions/pay-mission.ts';
import { streamedProgress } from '../missions/progress-consumer.ts';
import { claimedMessage, PUSH_MISSION_STATUS } from './push-texts.ts';

/** A push mission as spec §7 answers it: data.status (complete) and data.msg, with progress and prize. */
export async function readPushMission(db: Executor, userId: number, type: PushMissionType, lang: Lang): Promise<PushMission> {
  const [progress, paid] = await Promise.all([streamedProgress(db, userId, type), paidMissions(db, userId, 'push')]);
  const claimed = paid.has(type);
  const shown = claimed ? MISSION_DONE : progress;
  return {
    type,
    status: claimed || shown >= MISSION_DONE,
    msg: PUSH_MISSION_STATUS[lang][claimed ? 4 : shown]!,
    progress: shown,
    prize: toUnits(PUSH_MISSIONS[type].prize),
    claimed,
  };
}

/** Pays a complete push mission once (mission_not_done before, mission_claimed after). */
export async function claimPushMission(db: Db, userId: number, type: PushMissionType, lang: Lang): Promise<{ status: true; msg: string; prize: number; balance: number }> {
  const prize = PUSH_MISSIONS[type].prize;
  return db.transaction(async (tx) => {
    if ((await paidMissions(tx, userId, 'push')).has(type)) throw new AppError('mission_claimed');
    if ((await streamedProgress(tx, userId, type)) < MISSION_DONE) throw new AppError('mission_not_done');
    const balance = await payMissionOnce(tx, { userId, kind: 'push', type, prize });
    if (balance === null) throw new AppError('mission_claimed');
    return { status: true as const, msg: claimedMessage(lang, `${formatMinor(prize, { locale: lang })} GOLD`), prize: toUnits(prize), balance: toUnits(balance) };
  });
}
