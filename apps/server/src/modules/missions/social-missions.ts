import { MISSION_DONE, providerName, SOCIAL_MISSION_TYPES, SOCIAL_MISSIONS, type SocialMissionType } from '@store/shared/account';
import type { SocialMission } from '@store/shared/api/account';
import type { Lang } from '@store/shared/errors';
import { toUnits } from '@store/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import type { ProjectConfig } from '../../config/projects.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { findIdentities } from '../auth/identities.ts';
import { userExists } from '../users/accounts.ts';
import { CommunityCheckFailed, type CommunityChecker } from './community-checker.ts';
import { SOCIAL_MISSION_TEXTS } from './mission-texts.ts';
import { paidMissions, payMissionOnce } from './pay-mission.ts';

/** A player's social missions: which networks are linked and which missions were paid (a paid one is done). */
async function socialState(db: Db, userId: number) {
  if (!(await userExists(db, userId))) throw new AppError('userNotFound');
  const [identities, paid] = await Promise.all([findIdentities(db, userId), paidMissions(db, userId, 'social')]);
  return { identities, paid };
}

type SocialState = Awaited<ReturnType<typeof socialState>>;

function present(type: SocialMissionType, s: SocialState, o: { project: ProjectConfig; lang: Lang }): SocialMission {
  return {
    type,
    url: o.project.socials[type],
    ...SOCIAL_MISSION_TEXTS[type][o.lang],
    prize: toUnits(SOCIAL_MISSIONS[type].prize),
    progress: s.paid.has(type) ? MISSION_DONE : 0,
    linked: s.identities.some((i) => i.provider === type),
    claimed: s.paid.has(type),
  };
}

export async function listSocialMissions(db: Db, userId: number, o: { project: ProjectConfig; lang: Lang }): Promise<SocialMission[]> {
  const s = await socialState(db, userId);
  return SOCIAL_MISSION_TYPES.map((type) => present(type, s, o));
}

export async function getSocialMission(db: Db, userId: number, type: SocialMissionType, o: { project: ProjectConfig; lang: Lang }): Promise<SocialMission> {
  return present(type, await socialState(db, userId), o);
}

/** Which networks a player linked and joined (a membership the store checked and paid for). */
export async function listSocials(db: Db, userId: number) {
  const s = await socialState(db, userId);
  return SOCIAL_MISSION_TYPES.map((type) => ({ type, linked: s.identities.some((i) => i.provider === type), member: s.paid.has(type) }));
}

/**
 * Asks the network now whether the player's linked account joined the store's community, and pays
 * the mission once when it did. A check after the payment answers the mission with nothing paid;
 * the network is not asked again then.
 */
export async function checkSocialMission(o: {
  db: Db;
  checker: CommunityChecker;
  userId: number;
  type: SocialMissionType;
  project: ProjectConfig;
  lang: Lang;
  log: FastifyBaseLogger;
}): Promise<{ mission: SocialMission; paid: number }> {
  const { db, userId, type } = o;
  const before = await socialState(db, userId);
  const identity = before.identities.find((i) => i.provider === type);
  if (!identity) throw new AppError('provider_not_linked', { provider: providerName(type) });
  if (before.paid.has(type)) return { mission: present(type, before, o), paid: 0 };
  let member: boolean;
  try {
    member = await o.checker.isMember(type, identity.subject);
  } catch (err) {
    if (!(err instanceof CommunityCheckFailed)) throw err;
    o.log.warn({ err, network: type, userId }, 'community check failed');
    throw new AppError('social_check_failed');
  }
  if (!member) throw new AppError('social_not_member');
  const prize = SOCIAL_MISSIONS[type].prize;
  const balance = await db.transaction((tx) => payMissionOnce(tx, { userId, kind: 'social', type, prize, subject: identity.subject }));
  // Not paid here and not before on this account: the network account earned it on another one.
  if (balance === null && !(await paidMissions(db, userId, 'social')).has(type)) throw new AppError('social_account_rewarded', { provider: providerName(type) });
  return { mission: present(type, await socialState(db, userId), o), paid: balance === null ? 0 : toUnits(prize) };
}
