import type { PublicConfig } from '@store/shared/api/platform';
import { CONTRACT_MAX_ITEMS, CONTRACT_MIN_ITEMS, DEFAULT_CURRENCY, SITE_CURRENCY } from '@store/shared/constants';
import type { ContractRules } from '@store/shared/contract';
import type { SubscriptionChannel } from '@store/shared/account';

/**
 * Project configuration of spec §1, per variant. The flags follow the spec's current ones but
 * one: pf is on, because every outcome here verifies (decision 021); techies off, battles on with the banner hidden, free-cases banner hidden, secret
 * shop visible, packs banner shown, header leaderboard and pf hidden.
 */
export interface ProjectConfig extends Omit<PublicConfig, 'sandboxes' | 'services'> {
  upgrades: {
    price_max_difference: number;
    price_factor: number;
    rate: number;
    /** COIN credited on a lost upgrade, in percent of the stake (decision 006); 0 turns it off. */
    coins_on_loss_percent: number;
  };
  /** The techies game (decision 021): its return to player and stake bounds, minor units. */
  techies: { rtp: number; min_stake: number; max_stake: number };
  /** Contract rules (decision 006): the outcome table spans min..max multiplier of the stake in `bands` rows. */
  contracts: ContractRules & { min_items: number; max_items: number };
  /** Spec §3 Subscriptions: the channels the store writes to players on, with where to join (e-mail needs no link). */
  subscriptions: { variants: { channel: SubscriptionChannel; url: string | null }[] };
}

const shared = {
  default_currency: DEFAULT_CURRENCY,
  site_currency: SITE_CURRENCY,
  auth: { variants: ['steam', 'google', 'vk'] },
  // Brands as they are; Mir and SBP are named by the page in its language (the web's footer).
  footer_payment_methods: ['Visa', 'Mastercard', 'Mir', 'SBP', 'USDT'],
  /** Off in both variants; the deployment's WELCOME_REDIRECT setting replaces it at start (composition/shared-parts.ts). */
  welcome_redirect: false,
  legal_data: {
    beneficiary: 'Case Store LLC',
    registration_number: 'HE 431290',
    address: 'Limassol, Cyprus, Agias Fylaxeos 12',
  },
  flags: {
    pf: true,
    battles: true,
    battles_banner: false,
    bonus_page: true,
    contract: true,
    free_cases: true,
    free_cases_banner: false,
    leaderboard: true,
    secret_shop: true,
    techies: false,
    upgrades: true,
    packs_banner: true,
    header_leaderboard: false,
    header_pf: false,
  },
  upgrades: { price_max_difference: 8000, price_factor: 1.5, rate: 0.9, coins_on_loss_percent: 1 },
  techies: { rtp: 0.92, min_stake: 10, max_stake: 100_000 },
  subscriptions: {
    variants: [
      { channel: 'telegram', url: 'https://t.me/casestore_bot' },
      { channel: 'vk', url: 'https://vk.com/casestore' },
      { channel: 'steam', url: 'https://steamcommunity.com/groups/casestore' },
      { channel: 'email', url: null },
    ],
  },
  contracts: { rtp: 0.9, min_items: CONTRACT_MIN_ITEMS, max_items: CONTRACT_MAX_ITEMS, min_multiplier: 0.25, max_multiplier: 4, bands: 10 },
} satisfies Partial<ProjectConfig>;

export const projects: Record<'cs' | 'dota', ProjectConfig> = {
  cs: {
    ...shared,
    project: 'cs',
    game: 'CS2',
    // The web's look (styles/themes.css): the CS store's dark blue with gold.
    theme: 'dark',
    title: 'CaseStore CS2',
    steam_app_id: 730,
    contacts: { support_mail: 'support@casestore.gg', partner_mail: 'partners@casestore.gg', ad: 'ads@casestore.gg' },
    seo: {
      title: 'CaseStore — кейсы CS2 с выводом в Steam',
      description: 'Открывайте кейсы CS2, играйте в батлы, апгрейды и контракты. Вывод скинов в Steam за 1 минуту.',
    },
    rarities: [
      { name: 'contraband', color: '#e4ae39' },
      { name: 'covert', color: '#eb4b4b' },
      { name: 'classified', color: '#d32ce6' },
      { name: 'restricted', color: '#8847ff' },
      { name: 'milSpec', color: '#4b69ff' },
      { name: 'industrial', color: '#5e98d9' },
      { name: 'consumer', color: '#b0c3d9' },
      { name: 'remarkable', color: '#cf6a32' },
    ],
    socials: {
      instagram: 'https://instagram.com/casestore',
      telegram: 'https://t.me/casestore',
      vk: 'https://vk.com/casestore',
      steam: 'https://steamcommunity.com/groups/casestore',
    },
  },
  dota: {
    ...shared,
    project: 'dota',
    game: 'Dota 2',
    // Dota's own look: warm stone, the red of the Dire and gold (styles/themes.css).
    theme: 'dota',
    title: 'CaseStore Dota 2',
    steam_app_id: 570,
    contacts: { support_mail: 'support@casestore.gg', partner_mail: 'partners@casestore.gg', ad: 'ads@casestore.gg' },
    seo: {
      title: 'CaseStore — кейсы Dota 2 с выводом в Steam',
      description: 'Открывайте кейсы Dota 2 с арканами и имморталками. Вывод предметов в Steam за 1 минуту.',
    },
    rarities: [
      { name: 'arcana', color: '#ade55c' },
      { name: 'immortal', color: '#b28a33' },
      { name: 'legendary', color: '#d32ce6' },
      { name: 'mythical', color: '#8847ff' },
      { name: 'rare', color: '#4b69ff' },
      { name: 'uncommon', color: '#5e98d9' },
      { name: 'common', color: '#b0c3d9' },
    ],
    socials: {
      instagram: 'https://instagram.com/casestore',
      telegram: 'https://t.me/casestore',
      vk: 'https://vk.com/casestore',
      steam: 'https://steamcommunity.com/groups/casestore',
    },
  },
};
