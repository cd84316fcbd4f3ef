import { z } from 'zod';
import { quickRegistrationResponse, loginResponse, sessionInfo, sessionsResponse } from '@store/shared/api/auth';
import {
  battle,
  battleCase,
  battleCaseLine,
  battleDrop,
  battleFairness,
  battleMember,
  battleRound,
  battleSummary,
  createBattleResponse,
} from '@store/shared/api/battles';
import {
  caseCard,
  caseDetail,
  caseOpening,
  catalogueItem,
  labelData,
  openCaseResponse,
  section,
  sectionAppearance,
} from '@store/shared/api/cases';
import { amount, errorEnvelope, fairRoll, localized, paginator, publicPlayer } from '@store/shared/api/common';
import { contractOutcome, contractResult } from '@store/shared/api/contracts';
import { battlePass, eventCase, eventSettings, passCase } from '@store/shared/api/events';
import { inventoryItem, inventoryResponse, packItem, sellResponse } from '@store/shared/api/inventory';
import { leaderboard, ranking, rankingRow, topDrop, topPrize } from '@store/shared/api/leaderboards';
import { levelCaseRef, levelInfo } from '@store/shared/api/levels';
import { operatorCase } from '@store/shared/api/operator-cases';
import { eventUsage, operatorEvent } from '@store/shared/api/operator-events';
import { operatorLeaderboard, operatorOffer, operatorPromoCode, promoTermsInput, promoUsage } from '@store/shared/api/operator-promotions';
import { operatorWithdrawal } from '@store/shared/api/operator-queue';
import { bundleItem, countryConfigWire, offerWire, paymentMethodWire, transactionStartResponse } from '@store/shared/api/payments';
import { oddsRange, outcomeRoll, outcomeSeed } from '@store/shared/api/provably-fair';
import { socialMission } from '@store/shared/api/account';
import { techiesGame } from '@store/shared/api/techies';
import { uniqueItem, upgradePrize, upgradeResult } from '@store/shared/api/upgrades';
import { me, publicUser } from '@store/shared/api/users';
import { sendItemsResult } from '@store/shared/api/withdrawals';

/**
 * The shapes the API document names once, under `components.schemas`, and refers to (`$ref`)
 * wherever a route's schema uses them: registered in zod's global registry with an id, which
 * fastify-type-provider-zod's transforms turn into components and references (decision 037).
 * Each says what it is: an answer made of one of them is described by it.
 */
const COMPONENTS: [z.ZodType, { id: string; description: string }][] = [
  [
    quickRegistrationResponse,
    {
      id: 'QuickRegistration',
      description:
        'A new account made in one call: its login and generated password (shown this once, for the player to keep), a session token for `Authorization: Bearer`, and the player’s id.',
    },
  ],
  [loginResponse, { id: 'SignIn', description: 'A new session: the token to send as `Authorization: Bearer`, and the player’s id.' }],
  [
    sessionInfo,
    {
      id: 'Session',
      description: 'An open session of the player: its id, when it began, the browser it began in, and whether it is the caller’s own.',
    },
  ],
  [sessionsResponse, { id: 'Sessions', description: "The player's open sessions (`Session`), the caller's own marked." }],
  [
    errorEnvelope,
    {
      id: 'ErrorEnvelope',
      description:
        'A refusal: `status: false`, a `code` of the error catalogue, its `message` in the language of `X-Client-Language`, and the `params` the message names.',
    },
  ],
  [
    paginator,
    {
      id: 'Paginator',
      description: 'Where a paged list is: the page asked, the page size, how many entries there are in all and the last page.',
    },
  ],
  [
    amount,
    {
      id: 'Money',
      description:
        'An amount in site-currency units with at most 2 decimals (`199.5`); the store keeps integer minor units (1 GOLD = 100) and converts at the edge.',
    },
  ],
  [localized, { id: 'Localized', description: 'A text in Russian and in English.' }],
  [
    publicPlayer,
    { id: 'PublicPlayer', description: 'A player as other players see them in history lists and live feeds: id, nickname and avatar.' },
  ],
  [
    fairRoll,
    {
      id: 'FairRoll',
      description:
        'What recomputes a roll with the provably-fair formula: the ticket (1..100000) it gave, the nonce and cursor, the client seed and the hash of the server seed (revealed when the player rotates it).',
    },
  ],
  [
    catalogueItem,
    {
      id: 'CatalogueItem',
      description: 'An item of the catalogue: its key (`id`), names, quality, StatTrak, rarity with its colour, price and picture.',
    },
  ],
  [packItem, { id: 'PackItem', description: 'One skin inside a pack.' }],
  [
    inventoryItem,
    {
      id: 'InventoryItem',
      description:
        'An item a player holds or held: its inventory id (`id`), catalogue key (`item_id`), names, price, status (`progress` while held, `selled`, `to_upgrade`, `to_contract`, a withdrawal state...), type (0 a skin, 1 a pack, 3 a balance credit), where it came from, and whether it is locked until the first deposit.',
    },
  ],
  [
    labelData,
    {
      id: 'CaseLabel',
      description:
        "The label a case card shows (its type, name and colour, or a free-openings count), chosen by the store's label precedence.",
    },
  ],
  [
    caseCard,
    {
      id: 'CaseCard',
      description:
        'A case as a shelf shows it: name, price (and the price before a discount), label, opening limits, the counts it opens at once, the level it needs, its bonuses and the window it is sold in.',
    },
  ],
  [sectionAppearance, { id: 'SectionAppearance', description: "A shelf's colours and title art." }],
  [section, { id: 'CaseSection', description: 'A shelf of cases: its name, look, where its rows break, and its cases (`CaseCard`).' }],
  [
    caseDetail,
    {
      id: 'CaseDetail',
      description:
        'A case as its page shows it: every field of its card, its section, and the items it drops with each one’s chance and ticket range (of 1..100000).',
    },
  ],
  [
    caseOpening,
    {
      id: 'CaseOpening',
      description:
        'One opening of a case: the item won (now in the inventory) and the roll that chose it (ticket, nonce, cursor, seeds, the odds version), with the event coins it gave.',
    },
  ],
  [
    openCaseResponse,
    {
      id: 'OpenCaseResult',
      description: 'What opening a case gave: each opening (`CaseOpening`), then the balance, the event coins and the experience after it.',
    },
  ],
  [
    inventoryResponse,
    {
      id: 'InventoryPage',
      description:
        "A page of a player's items (`InventoryItem`): the group's count and value, the page and its size, whether the caller owns them, and how many of them are locked until the first deposit and their value.",
    },
  ],
  [
    sellResponse,
    {
      id: 'SellResult',
      description:
        'A sale: the inventory ids sold, the amount credited, the balance after it and the value of the items the player still holds.',
    },
  ],
  [
    publicUser,
    {
      id: 'PublicUser',
      description:
        "Another player's profile: nickname, avatar, registration date, level and statistics; never the wallet, e-mail, IP or Steam data.",
    },
  ],
  [
    levelInfo,
    {
      id: 'LevelInfo',
      description:
        "A player's level: experience and the way to the next level, and the level cases it unlocks with the time until the nearest is ready.",
    },
  ],
  [
    levelCaseRef,
    { id: 'LevelCaseRef', description: 'A level case as the level object names it: its name without the word LEVEL, its link and id.' },
  ],
  [
    me,
    {
      id: 'User',
      description:
        "The signed-in player's own record: the public profile, then role, language, balances (`finance`), personal data, the Steam trade link and login, the promo code attached to the next top-up and the level.",
    },
  ],
  [battleCase, { id: 'BattleCase', description: 'A case as a battle shows it: name, picture, colour, price and volatility.' }],
  [battleCaseLine, { id: 'BattleCaseLine', description: 'A case of a battle and how many rounds open it.' }],
  [
    battleMember,
    {
      id: 'BattleMember',
      description: 'A seat of a battle: its team, the player (null for a bot), the value of its revealed drops and what it won.',
    },
  ],
  [
    battleSummary,
    {
      id: 'BattleSummary',
      description:
        'A battle as a list shows it: mode, status, the price of a seat, its cases, seats and rounds, spectators and the winning team.',
    },
  ],
  [
    battleDrop,
    { id: 'BattleDrop', description: "A seat's drop in a round: the ticket, the item, and the seat it went to when the battle ended." },
  ],
  [battleRound, { id: 'BattleRound', description: 'A revealed round of a battle: the case it opened and each seat’s drop.' }],
  [
    battleFairness,
    {
      id: 'BattleFairness',
      description:
        "What recomputes a battle: the server seed's hash (the seed once it ends), the client seed fixed at its start and the tie-break roll.",
    },
  ],
  [
    battle,
    {
      id: 'Battle',
      description:
        'A whole battle: its summary, the case of each round, the revealed rounds, when the next is revealed, and what recomputes it.',
    },
  ],
  [
    createBattleResponse,
    {
      id: 'BattleCreated',
      description: "A battle just made: its id (the creator holds seat 1) and the creator's balance after paying the seat.",
    },
  ],
  [uniqueItem, { id: 'UpgradeTarget', description: 'A catalogue item one may upgrade into: names, quality, rarity, price and picture.' }],
  [
    upgradePrize,
    { id: 'UpgradePrize', description: "An item an upgrade gave (an `InventoryItem`), with the player's experience after it." },
  ],
  [
    upgradeResult,
    {
      id: 'UpgradeResult',
      description:
        'An upgrade: whether it won, the item it gave (or the coins on a loss), the stake, the chance, the target and the roll that decided it with everything that recomputes it.',
    },
  ],
  [contractOutcome, { id: 'ContractOutcome', description: 'One item a contract may give, with its chance and ticket range.' }],
  [
    contractResult,
    {
      id: 'ContractResult',
      description:
        'A signed contract: the item it gave (now in the inventory), the stake, the multiplier, the roll and the table it was drawn from.',
    },
  ],
  [
    leaderboard,
    {
      id: 'Leaderboard',
      description:
        'A leaderboard card: dates and the seconds left, what it counts, state, texts, the prize fund and the caller’s place (null for a guest or a player not on it).',
    },
  ],
  [
    rankingRow,
    {
      id: 'LeaderboardRow',
      description:
        'A place on a leaderboard: the player, the score the board counts, what they spent on games during it, the prize of the place and what it takes to enter (or to reach the last prize); a place above 1000 is 1001.',
    },
  ],
  [
    ranking,
    {
      id: 'LeaderboardRanking',
      description:
        "A leaderboard's standings: what it counts and its state, the caller's own row (null when not on it) and the leaders' rows with their prizes.",
    },
  ],
  [topDrop, { id: 'LeaderboardDrop', description: 'A prize item as a ranking and the reward popup show it.' }],
  [
    topPrize,
    {
      id: 'LeaderboardPrize',
      description: "What a ranking row shows on the right: the place's prize, or for a place nobody holds yet what it takes to enter.",
    },
  ],
  [
    eventCase,
    {
      id: 'EventCase',
      description: "An event case card: a `CaseCard` with the event's section, link, the coins an opening gives and its counters.",
    },
  ],
  [
    eventSettings,
    {
      id: 'EventSettings',
      description:
        "The season shown now: its dates and timers, tabs, texts, colours and pictures, its raffle and leaderboard, and the caller's coins, pass level and tickets (null for a guest).",
    },
  ],
  [
    battlePass,
    {
      id: 'BattlePass',
      description:
        "The season's battle pass: its levels with their costs, rewards and tasks, and the caller's coins and level, whether the pass is finished, and whether it may still be claimed.",
    },
  ],
  [passCase, { id: 'PassCase', description: 'A case a battle-pass reward gives.' }],
  [
    techiesGame,
    {
      id: 'TechiesGame',
      description:
        'A techies game: its state, stake and mines, the cells opened, the multipliers, the payout and balance, and the roll of its layout (shown once it is over).',
    },
  ],
  [
    outcomeSeed,
    {
      id: 'OutcomeSeed',
      description:
        'The seed pair an outcome was rolled with: the server seed’s hash (the seed once revealed), the client seed and the nonce.',
    },
  ],
  [outcomeRoll, { id: 'OutcomeRoll', description: 'One roll of an outcome: nonce, cursor and the ticket it gave.' }],
  [oddsRange, { id: 'OddsRange', description: 'A ticket range of an odds table: tickets `from`..`to` (of 1..100000) give `item`.' }],
  [
    transactionStartResponse,
    {
      id: 'DepositStart',
      description:
        "A deposit begun: the order the store opened (`pending`) and the hosted checkout to send the player to, the sum in the country's currency and what it is worth in site currency before bonuses.",
    },
  ],
  [
    sendItemsResult,
    {
      id: 'WithdrawalStart',
      description:
        'What a withdrawal did: skins queued to go to Steam (`PREPARING`, with the end of the countdown before they are bought and sent), or balance credits paid into the balance at once (`credited`).',
    },
  ],
  [
    paymentMethodWire,
    {
      id: 'PaymentMethod',
      description:
        'A payment method of a country: limits in its currency (max 0: none), bonus, order and the extra fields its checkout asks for.',
    },
  ],
  [
    countryConfigWire,
    {
      id: 'PaymentCountry',
      description:
        "A country's payment configuration: its currency and rate (site-currency units per currency unit), quick sums and methods.",
    },
  ],
  [
    offerWire,
    {
      id: 'Offer',
      description:
        'A one-off discounted bundle of cases: price before and after, its cases and bonuses, when it ends, how many are left and whether the caller bought it.',
    },
  ],
  [bundleItem, { id: 'BundleItem', description: 'An item a bundled case gave (an `InventoryItem`), with the case it came from.' }],
  [
    socialMission,
    {
      id: 'SocialMission',
      description: "A social mission: join the store's community on a network, checked through the linked account; its prize and progress.",
    },
  ],
  [promoTermsInput, { id: 'PromoTerms', description: "A promo code's terms by kind, in console units." }],
  [
    promoUsage,
    { id: 'PromoUsage', description: 'How a promo code was used: uses, GOLD credited, players, players holding it and the last use.' },
  ],
  [
    operatorPromoCode,
    { id: 'OperatorPromoCode', description: 'A promo code as the console shows it: kind, terms, dates, limits, state and usage.' },
  ],
  [
    operatorOffer,
    {
      id: 'OperatorOffer',
      description: 'An offer as the console edits it: texts in both languages, prices, cases, bonuses, dates and limits.',
    },
  ],
  [
    operatorWithdrawal,
    {
      id: 'OperatorWithdrawal',
      description:
        "A withdrawal as the console shows it: state and why it needs attention, the player, the item, the marketplace's references and the operators' actions.",
    },
  ],
  [
    eventUsage,
    {
      id: 'EventUsage',
      description:
        "What a season's players did: how many played, the coins they earned, the levels claimed and tasks done, the rewards paid and its raffle.",
    },
  ],
  [
    operatorEvent,
    {
      id: 'OperatorEvent',
      description: 'A season as the console shows it: texts, dates, tabs, state, the raffle seed’s hash and its usage.',
    },
  ],
  [
    operatorCase,
    {
      id: 'OperatorCase',
      description: 'A case as the console edits it: every editable field, the current odds at today’s prices and the older versions.',
    },
  ],
  [
    operatorLeaderboard,
    {
      id: 'OperatorLeaderboard',
      description: 'A leaderboard as the console shows it: what it counts, texts, dates, state and what it paid.',
    },
  ],
];

for (const [schema, meta] of COMPONENTS) if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, meta);

/** The ids of the components, for the document to tell its own from the rest. */
export const API_COMPONENT_IDS: readonly string[] = COMPONENTS.map(([, meta]) => meta.id);
