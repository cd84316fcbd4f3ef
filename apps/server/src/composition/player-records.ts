import type { Me, PublicUser } from '@store/shared/api/users';
import { COIN_CURRENCY, SITE_CURRENCY } from '@store/shared/constants';
import { toUnits } from '@store/shared/money';
import type { Lang } from '@store/shared/errors';
import { isOperatorRole } from '@store/shared/operators';
import type { Executor } from '../db/client.ts';
import { findIdentities, type IdentityRow } from '../modules/auth/identities.ts';
import { activeItemsValue, returnedValue } from '../modules/inventory/list-inventory.ts';
import { ownLevelInfo, type DepositRule } from '../modules/levels/level-cases.ts';
import { levelsOfPlayers } from '../modules/levels/player-levels.ts';
import { attachedPromoCode } from '../modules/payments/promo-store.ts';
import { avatarUrl, findUser, type UserRow } from '../modules/users/get-user.ts';
import { getBalances } from '../modules/wallet/wallet.ts';

/*
 * A player's record gathers what many modules own (the account, wallets, items, level, linked
 * providers, promo code), so it is put together here, above all of them.
 */

/** The picture the player chose: a linked provider's when it has one, else the generated tile. */
function avatarOf(u: UserRow, identities: readonly IdentityRow[]): string {
  const chosen = u.avatarSource === 'generated' ? undefined : identities.find((i) => i.provider === u.avatarSource);
  return chosen?.avatarUrl ?? avatarUrl(u.id);
}

function publicPart(u: UserRow, level: number, identities: readonly IdentityRow[]): PublicUser {
  return {
    user_id: u.id,
    nickname: u.nickname,
    avatar: avatarOf(u, identities),
    created_at: u.createdAt.toISOString(),
    level,
    statistic: { cases: { opened: u.casesOpened }, finance: { spent: toUnits(u.spent) } },
  };
}

/** Another player's profile: only what anyone may see. */
export async function getPublicUser(db: Executor, userId: number): Promise<PublicUser> {
  const [u, levels, identities] = await Promise.all([findUser(db, userId), levelsOfPlayers(db, [userId]), findIdentities(db, userId)]);
  return publicPart(u, levels.get(userId)!, identities);
}

/** The signed-in player's own record, with wallets and private fields. */
export async function getMe(db: Executor, userId: number, at: { now: Date; lang: Lang; rule: DepositRule }): Promise<Me> {
  const [u, wallet, itemsValue, ownLevels, identities, promo, returned] = await Promise.all([
    findUser(db, userId),
    getBalances(db, userId),
    activeItemsValue(db, userId),
    ownLevelInfo({ db, userId, ...at }),
    findIdentities(db, userId),
    attachedPromoCode(db, userId),
    returnedValue(db, userId),
  ]);
  const { levels, firstDepositMade } = ownLevels;
  const own = publicPart(u, levels.user_level, identities);
  const steamId = identities.find((i) => i.provider === 'steam')?.subject ?? null;
  return {
    ...own,
    // The owner's own figure (spec §3 finance.profit): what play gave back against what it cost.
    statistic: { ...own.statistic, finance: { ...own.statistic.finance, profit: toUnits(returned - u.spent) } },
    login: u.login,
    language: u.language === 'en' ? 'en' : 'ru',
    admin: u.isAdmin,
    role: isOperatorRole(u.role) ? u.role : null,
    reg_type: u.regType,
    is_fake: u.isFake,
    is_bot: u.isBot,
    finance: {
      balance: toUnits(wallet[SITE_CURRENCY] ?? 0),
      currency: SITE_CURRENCY,
      coin_balance: toUnits(wallet[COIN_CURRENCY] ?? 0),
      total_amount_items: toUnits(itemsValue),
    },
    personal: { first_name: u.firstName, last_name: u.lastName, email: u.email, city: u.city, country: u.country, ip: u.ip, email_confirmed: u.emailConfirmedAt !== null },
    steam: { link: u.steamLink, login: u.steamLogin, id: steamId },
    promo,
    levels: { ...levels, first_deposit_made: firstDepositMade },
  };
}
