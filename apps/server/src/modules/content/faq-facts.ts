import { FAST_MISSIONS, SOCIAL_MISSIONS } from '@store/shared/account';
import { PASS_LEVELS, PASS_RARE_LEVELS, PASS_ULTRA_LEVEL } from '@store/shared/battle-pass';
import { BATTLE_MAX_ROUNDS, BATTLE_MAX_SEATS, MAX_SELL_OR_WITHDRAW_ITEMS, MAX_UPGRADE_ITEMS, TICKETS } from '@store/shared/constants';
import { toUnits } from '@store/shared/money';
import { MAX_ACTIVE_WITHDRAWALS, WITHDRAWAL_COUNTDOWN_MS } from '@store/shared/withdrawals';
import type { Env } from '../../config/env.ts';
import type { ProjectConfig } from '../../config/projects.ts';

/**
 * The numbers the FAQ quotes, read from the rules that enforce them, so an answer never promises
 * what the store does not do: change a limit and the FAQ changes with it.
 */
export interface FaqFacts {
  game: string;
  title: string;
  supportMail: string;
  maxUpgradeItems: number;
  /** The upgrade's rate as a percent: chance = stake / target × rate. */
  upgradeRatePercent: number;
  upgradeMaxDifference: number;
  upgradeConsolationPercent: number;
  contractMinItems: number;
  contractMaxItems: number;
  contractMinMultiplier: number;
  contractMaxMultiplier: number;
  battleMaxSeats: number;
  battleMaxRounds: number;
  maxWithdrawItems: number;
  maxActiveWithdrawals: number;
  withdrawalCountdownMinutes: number;
  depositCoinsPer100: number;
  dailyDepositFromLevel: number;
  dailyDepositDays: number;
  passLevels: number;
  passRareLevels: readonly number[];
  passUltraLevel: number;
  tickets: number;
  /** Mission prizes in whole GOLD. */
  missionEmail: number;
  missionTradeLink: number;
  missionOpenCases: number;
  missionSocial: number;
}

/** `depositCoinsFactor` is the payment settings' in force (decision 076), so the FAQ follows an admin's change. */
export function faqFacts(project: ProjectConfig, env: Pick<Env, 'DAILY_DEPOSIT_FROM_LEVEL' | 'DAILY_DEPOSIT_DAYS'>, depositCoinsFactor: number): FaqFacts {
  return {
    game: project.game,
    title: project.title,
    supportMail: project.contacts.support_mail,
    maxUpgradeItems: MAX_UPGRADE_ITEMS,
    upgradeRatePercent: Math.round(project.upgrades.rate * 100),
    upgradeMaxDifference: project.upgrades.price_max_difference,
    upgradeConsolationPercent: project.upgrades.coins_on_loss_percent,
    contractMinItems: project.contracts.min_items,
    contractMaxItems: project.contracts.max_items,
    contractMinMultiplier: project.contracts.min_multiplier,
    contractMaxMultiplier: project.contracts.max_multiplier,
    battleMaxSeats: BATTLE_MAX_SEATS,
    battleMaxRounds: BATTLE_MAX_ROUNDS,
    maxWithdrawItems: MAX_SELL_OR_WITHDRAW_ITEMS,
    maxActiveWithdrawals: MAX_ACTIVE_WITHDRAWALS,
    withdrawalCountdownMinutes: WITHDRAWAL_COUNTDOWN_MS / 60_000,
    depositCoinsPer100: depositCoinsFactor,
    dailyDepositFromLevel: env.DAILY_DEPOSIT_FROM_LEVEL,
    dailyDepositDays: env.DAILY_DEPOSIT_DAYS,
    passLevels: PASS_LEVELS,
    passRareLevels: PASS_RARE_LEVELS,
    passUltraLevel: PASS_ULTRA_LEVEL,
    tickets: TICKETS,
    missionEmail: toUnits(FAST_MISSIONS.email.prize),
    missionTradeLink: toUnits(FAST_MISSIONS.trade_link.prize),
    missionOpenCases: toUnits(FAST_MISSIONS.open_cases.prize),
    missionSocial: toUnits(SOCIAL_MISSIONS.steam.prize),
  };
}
