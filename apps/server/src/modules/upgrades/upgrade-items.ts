import { COIN_CURRENCY } from '@store/shared/constants';
import type { Lang } from '@store/shared/errors';
import type { UpgradeItemsBody, UpgradeRecord, UpgradeResult } from '@store/shared/api/upgrades';
import { toUnits } from '@store/shared/money';
import { isUpgradePriceDifferenceValid, isUpgradeSumValid, isUpgradeWin, upgradeWinTickets } from '@store/shared/upgrade';
import type { ProjectConfig } from '../../config/projects.ts';
import type { Db, Tx } from '../../db/client.ts';
import { upgrades } from './schema.ts';
import { expForSpend } from '@store/shared/levels';
import { findPlayerLevel } from '../levels/player-levels.ts';
import { findPlayerCard } from '../users/accounts.ts';
import { AppError } from '../../http/errors.ts';
import type { Catalogue } from '../catalogue/catalogue.ts';
import { grantItems } from '../inventory/grant-items.ts';
import { presentInventoryItem } from '../inventory/present-item.ts';
import { stakeItems } from '../inventory/stake-items.ts';
import { rollNext } from '../provably-fair/roll-next.ts';
import { nextId } from '../../db/rows.ts';
import { runOnce, type IdempotencyKey } from '../wallet/idempotency.ts';
import { creditWallet, getBalance } from '../wallet/wallet.ts';
import { presentUniqueItem, presentUpgradeRecord, presentUpgradeRoll } from './present-upgrade.ts';
import { recordActivity } from '../activity/record-activity.ts';

export interface UpgradeOutcome {
  response: UpgradeResult;
  /** The record as the live feed shows it, in Russian (names in both languages are not needed there). */
  record: UpgradeRecord;
  replayed: boolean;
}

/**
 * Stakes 1..15 of a player's `progress` items on one provably-fair roll for a pricier target.
 * In one transaction: the items go to `to_upgrade` by a conditional update, the active seed
 * pair's nonce advances, the ticket is rolled with the formula of DESIGN, and either the target
 * arrives (source `Upgrade`, at its catalogue price) or the COIN consolation is credited with
 * its ledger row; the record keeps everything needed to recompute the roll. Any refusal throws
 * before commit, so nothing changes.
 */
export async function upgradeItems(opts: {
  db: Db;
  catalogue: Catalogue;
  rules: ProjectConfig['upgrades'];
  userId: number;
  body: UpgradeItemsBody;
  lang: Lang;
  idempotencyKey?: IdempotencyKey;
}): Promise<UpgradeOutcome> {
  const { db, catalogue, userId, body } = opts;
  if (!body.user_item_ids.length) throw new AppError('inventory');
  if (!body.target_item_id) throw new AppError('upgrade_target_not_selected');
  const target = catalogue.find(body.target_item_id);
  if (!target || target.price <= 0) throw new AppError('upgrade_target_outdated');

  const { value, replayed } = await runOnce(db, { userId, key: opts.idempotencyKey, route: 'upgrade' }, (tx) => upgradeOnce(tx, { ...opts, targetKey: target.key }));
  return { ...value, replayed };
}

async function upgradeOnce(
  tx: Tx,
  { catalogue, rules, userId, body, lang, targetKey }: { catalogue: Catalogue; rules: ProjectConfig['upgrades']; userId: number; body: UpgradeItemsBody; lang: Lang; targetKey: string },
): Promise<Omit<UpgradeOutcome, 'replayed'>> {
  const target = catalogue.item(targetKey);
  const staked = await stakeItems(tx, { userId, ids: body.user_item_ids, status: 'to_upgrade' });
  const stake = staked.reduce((s, i) => s + i.price, 0);
  if (!isUpgradeSumValid(stake, target.price)) throw new AppError('upgrade_invalid_sum', { min: toUnits(stake) });
  if (!isUpgradePriceDifferenceValid(stake, target.price, rules.price_max_difference)) {
    throw new AppError('upgrade_multiplier_too_high', { max: rules.price_max_difference });
  }

  const roll = await rollNext(tx, userId);
  const winTickets = upgradeWinTickets(stake, target.price, rules.rate);
  const success = isUpgradeWin(roll.ticket, winTickets / 1000, body.reversed);

  const id = await nextId(tx, 'upgrades');
  const ref = `upgrade:${id}`;

  const [won] = success ? await grantItems(tx, { userId, source: 'Upgrade', sourceRef: ref, items: [{ key: target.key, price: target.price }] }) : [];
  const coinsPrize = success ? 0 : Math.floor((stake * rules.coins_on_loss_percent) / 100);
  const coinsBalance =
    coinsPrize > 0
      ? await creditWallet({ tx, userId, amount: coinsPrize, currency: COIN_CURRENCY, reason: 'upgrade_consolation', ref, meta: { stake } })
      : await getBalance(tx, userId, COIN_CURRENCY);

  await recordActivity(tx, { kind: 'upgrade', userId, amount: stake, won: won?.price ?? 0, count: staked.length, ref });
  const [row] = await tx
    .insert(upgrades)
    .values({
      id,
      userId,
      items: staked,
      stake,
      targetKey: target.key,
      targetPrice: target.price,
      winTickets,
      reversed: body.reversed,
      success,
      winItemId: won?.id ?? null,
      coinsPrize,
      ...roll,
    })
    .returning();
  // The experience this upgrade earns is credited from the activity stream; the answer shows the total it will reach.
  const [level, player] = await Promise.all([findPlayerLevel(tx, userId), findPlayerCard(tx, userId)]);

  const response: UpgradeResult = {
    id,
    success,
    win_prize: won ? { ...presentInventoryItem(won, catalogue, lang), current_exp: level.exp + expForSpend(stake) } : null,
    pity_prize: null,
    coins_prize: toUnits(coinsPrize),
    coins_balance: toUnits(coinsBalance),
    stake: toUnits(stake),
    chance: winTickets / 1000,
    target: presentUniqueItem(target, catalogue, lang),
    roll: row!.ticket,
    roll_data: presentUpgradeRoll(row!),
  };
  return { response, record: presentUpgradeRecord(row!, player!.nickname, catalogue, 'ru') };
}
