import type { FaqCategory } from '@store/shared/api/content';
import { formatNumber } from '@store/shared/format/numbers';
import type { FaqFacts } from './faq-facts.ts';

const num = (n: number) => formatNumber(n, 'en');

/** The FAQ in English. Category and question ids are the Russian file's, one for one (a test holds them equal). */
export const faqEn = (f: FaqFacts): FaqCategory[] => [
  {
    id: 'balance',
    title: 'Balance, GOLD and coins',
    questions: [
      {
        id: 'what-is-gold',
        question: 'What is GOLD?',
        answer: [
          "GOLD is the site's own currency. Cases, items and battle entries are priced in it, top-ups are credited in it, and selling an item pays GOLD into your balance.",
          'When you top up, roubles (or your country’s currency) are converted into GOLD at the rate shown on the top-up page before you pay.',
        ],
        links: [{ path: '/refill', label: 'Top up' }],
      },
      {
        id: 'what-are-coins',
        question: 'What are the coins next to my balance?',
        answer: [
          `Coins are the event currency. You get them for top-ups (${f.depositCoinsPer100} coins per 100 GOLD), for battle-pass tasks and levels, from event cases, and a failed upgrade gives back ${f.upgradeConsolationPercent}% of the stake in coins.`,
          'Coins open the event’s coin cases and move you along the battle pass. They cannot be bought or withdrawn.',
        ],
        links: [{ path: '/event/coin-cases', label: 'Coin cases' }],
      },
      {
        id: 'cash-out-balance',
        question: 'Can I withdraw my balance as money?',
        answer: [
          'No. GOLD and coins are not money and not an e-wallet: they cannot be paid out to a card, bank account or wallet, refunded or passed to another player.',
          'Only items leave the store: a skin you won can be sent to Steam or sold back for GOLD.',
        ],
        links: [],
      },
      {
        id: 'sell-items',
        question: 'How do I sell an item?',
        answer: [
          `Open the inventory in your profile, select items (up to ${f.maxWithdrawItems} at a time) and press Sell: their value is credited to your balance in GOLD at once. There is a Sell all button too.`,
          'Right after opening a case you can sell the drop from the result screen.',
        ],
        links: [{ path: '/profile', label: 'My inventory' }],
      },
    ],
  },
  {
    id: 'cases',
    title: 'Cases',
    questions: [
      {
        id: 'how-to-open',
        question: 'How do I open a case?',
        answer: [
          'Pick a case on the main page, look at its contents and odds, and press Open. The price leaves your balance and the item you get is in your inventory straight away.',
          `Every item is a real ${f.game} skin at its market price: keep it, sell it, use it in an upgrade or contract, or withdraw it to Steam.`,
        ],
        links: [{ path: '/', label: 'All cases' }],
      },
      {
        id: 'multi-open',
        question: 'Can I open several cases at once?',
        answer: [
          'Yes. Choose the count on the case page (x1 to x5 on most cases) and they all open with one press, each with its own roll and its own item.',
          'Cases labelled Multifix give several items per opening, and Multicast cases roll how many openings you get within the range shown.',
        ],
        links: [],
      },
      {
        id: 'case-labels',
        question: 'What do the labels on cases mean?',
        answer: [
          'New, Bestseller, Cashback and Exclusive are the store’s picks. “Every Nth free” means every Nth opening of that case costs nothing. A counter shows how many openings of a limited case are left or how long it stays on sale; a case that has run out is marked in red.',
          'The letters L, M, H and E are volatility: from low (frequent modest drops) to extreme (rare but expensive ones).',
        ],
        links: [],
      },
      {
        id: 'case-locked',
        question: 'Why does a case have a lock on it?',
        answer: ['Some cases open from a certain account level, shown on the lock. Your level grows as you play; see “Daily cases and levels” below.'],
        links: [{ path: '/daily-cases', label: 'My level' }],
      },
    ],
  },
  {
    id: 'upgrades',
    title: 'Upgrades',
    questions: [
      {
        id: 'how-upgrade-works',
        question: 'How does an upgrade work?',
        answer: [
          `You stake one to ${f.maxUpgradeItems} of your items and pick one pricier target item. The wheel spins: if you win, the target lands in your inventory; if you lose, the staked items are gone.`,
          'The arrow on the wheel flips the winning sector; your chance stays the same.',
        ],
        links: [{ path: '/upgrades', label: 'Go to upgrades' }],
      },
      {
        id: 'upgrade-chance',
        question: 'How is the chance calculated?',
        answer: [
          `Chance = stake value / target value × ${f.upgradeRatePercent}%, rounded to a thousandth of a percent. For example, staking 100 GOLD on a 200 GOLD item gives ${f.upgradeRatePercent / 2}%.`,
          `A ticket from 1 to ${num(f.tickets)} decides: the first “chance × 1000” tickets win (the last ones if the wheel is flipped). Every upgrade can be checked on the Provably Fair page.`,
        ],
        links: [],
      },
      {
        id: 'upgrade-limits',
        question: 'What are the limits?',
        answer: [
          `At most ${f.maxUpgradeItems} items per stake. The target must cost more than the stake, and no more than ${num(f.upgradeMaxDifference)} times as much. Only skins from your inventory that are not being withdrawn or used in another game can be staked.`,
        ],
        links: [],
      },
      {
        id: 'upgrade-loss',
        question: 'What do I get if an upgrade fails?',
        answer: [
          `The staked items are not returned, but ${f.upgradeConsolationPercent}% of their value comes back as event coins, which move your battle pass and open coin cases.`,
        ],
        links: [],
      },
    ],
  },
  {
    id: 'contracts',
    title: 'Contracts',
    questions: [
      {
        id: 'how-contract-works',
        question: 'How does a contract work?',
        answer: [
          `You give ${f.contractMinItems} to ${f.contractMaxItems} items and get one back, worth between ${f.contractMinMultiplier} and ${f.contractMaxMultiplier} times what you gave.`,
          'Before you sign, the contract shows its whole outcome table: which items can come out, their chances and ticket ranges. A signed contract keeps that table, so its result can be checked later too.',
        ],
        links: [{ path: '/contract', label: 'Go to contracts' }],
      },
      {
        id: 'contract-outcomes',
        question: 'Are cheap or expensive outcomes more likely?',
        answer: [
          `Cheap ones: an item around ${f.contractMinMultiplier}× the stake comes out in about one contract in five, and the top ×${f.contractMaxMultiplier} in about 3–4 in a hundred. The exact chances for your items are shown before you sign.`,
        ],
        links: [],
      },
    ],
  },
  {
    id: 'battles',
    title: 'Battles',
    questions: [
      {
        id: 'how-battle-works',
        question: 'What is a battle?',
        answer: [
          `Two to ${f.battleMaxSeats} players open the same cases round by round, live. A battle has up to ${f.battleMaxRounds} rounds. The player whose drops add up to the most wins and takes every drop of the battle.`,
          'Each player pays the full price of the battle’s cases on joining.',
        ],
        links: [{ path: '/battles', label: 'Open battles' }],
      },
      {
        id: 'battle-modes-bots',
        question: 'What modes are there, and what are bots?',
        answer: [
          'Modes: 1v1, 1v1v1, 1v1v1v1 and 2v2. In a team battle each winner keeps their own drops and takes those of the opponent sitting opposite.',
          'The creator does not have to wait: they can start at once and bots fill the empty seats. Bots pay nothing, and if a bot wins, its drops stay with the store.',
        ],
        links: [{ path: '/battles/create', label: 'Create a battle' }],
      },
      {
        id: 'battle-winner',
        question: 'What happens on a tie?',
        answer: [
          'One extra roll decides: its tickets are split evenly between the tied teams. The roll is shown in the battle’s details, and every round verifies against the battle’s seed, revealed when it ends.',
        ],
        links: [],
      },
      {
        id: 'battle-leave',
        question: 'Can I leave a battle and get my money back?',
        answer: [
          'While a battle is waiting for players you can leave it and your stake is refunded in full. If the creator leaves, the battle is cancelled and everyone gets their stake back. Once it starts, nobody can leave.',
          'Battle winnings can be kept in your inventory or all sold with one button.',
        ],
        links: [],
      },
    ],
  },
  {
    id: 'withdrawal',
    title: 'Withdrawal to Steam',
    questions: [
      {
        id: 'trade-link',
        question: 'What do I need to withdraw?',
        answer: [
          'Your Steam trade link. In Steam open Inventory → Trade Offers → “Who can send me Trade Offers?”. Paste it in your profile, or in the window that opens on your first withdrawal.',
          'Your Steam inventory must be public and the Steam Guard mobile authenticator enabled, otherwise Steam holds trades.',
        ],
        links: [{ path: '/profile', label: 'My inventory' }],
      },
      {
        id: 'withdrawal-time',
        question: 'How fast does an item arrive?',
        answer: [
          `Usually within a minute: the store buys your skin from a seller on a marketplace and the seller sends you a Steam trade offer. Preparation has ${f.withdrawalCountdownMinutes} minutes; the timer is shown on the item.`,
          'Then accept the offer in Steam. An offer not accepted in time expires and the item returns to your inventory.',
        ],
        links: [],
      },
      {
        id: 'withdrawal-statuses',
        question: 'What do the withdrawal statuses mean?',
        answer: [
          'Preparing: we are finding a seller and buying the item. Waiting for seller: the purchase is placed and the seller is preparing the trade. Offer sent: the offer is in Steam, accept it. Delivered to Steam: the item is yours.',
          'With support: the marketplace has not answered for a long time; the item is not lost, support will finish the withdrawal or return the item.',
        ],
        links: [],
      },
      {
        id: 'withdrawal-failed',
        question: 'My withdrawal failed. What happens to the item?',
        answer: [
          'If the trade was declined or expired, the item returns to your inventory: withdraw it again or sell it.',
          'If nobody sells that skin right now, we offer a replacement: skins worth 80% to 100% of it, with the difference paid into your balance. You can also exchange a skin yourself on the Skin exchange page.',
        ],
        links: [{ path: '/skin-exchange', label: 'Skin exchange' }],
      },
      {
        id: 'withdrawal-limits',
        question: 'How many items can I withdraw?',
        answer: [
          `Up to ${f.maxWithdrawItems} items at a time and up to ${f.maxActiveWithdrawals} on their way at once. Balance items (such as “10 GOLD”) do not go to Steam: withdrawing one pays its value into your balance at once.`,
        ],
        links: [],
      },
    ],
  },
  {
    id: 'provably-fair',
    title: 'Provably fair',
    questions: [
      {
        id: 'pf-what',
        question: 'How can I be sure a result is not rigged?',
        answer: [
          'Every result (case, upgrade, contract, battle) is computed from seeds fixed before you play. The store shows the hash of its server seed in advance, you set your own client seed, and once you rotate the pair the server seed is revealed: you can recompute any result yourself.',
        ],
        links: [{ path: '/provably-fair/instructions', label: 'How it works' }],
      },
      {
        id: 'pf-seeds',
        question: 'What are the server seed, client seed and nonce?',
        answer: [
          'The server seed is 32 random bytes of the store’s; until it is revealed you see only its SHA-256 hash. The client seed is your own string (1 to 64 Latin letters, digits, “_” or “-”), changeable in the settings. The nonce numbers your rolls and grows by 1 with each game.',
          `Ticket: HMAC-SHA256(server seed, "client seed:nonce:cursor"), its first 4 bytes as a number scaled to 1–${num(f.tickets)}. Each item of a case owns a range of tickets.`,
        ],
        links: [{ path: '/provably-fair/settings', label: 'My seeds' }],
      },
      {
        id: 'pf-check',
        question: 'How do I check my game?',
        answer: [
          'Press Check under a result or open the check page: it recomputes the ticket right in your browser and shows which item it maps to in that opening’s odds table. The instructions also have a ready Node.js script to check on your own.',
        ],
        links: [{ path: '/provably-fair/check', label: 'Check a game' }],
      },
      {
        id: 'pf-rotate',
        question: 'Why rotate the seed pair?',
        answer: [
          'While a pair is active its server seed stays hidden, or results could be predicted. Rotating reveals the old seed for checking and starts a new pair at nonce 0. It is not available during a battle or a Techies game.',
        ],
        links: [],
      },
    ],
  },
  {
    id: 'payments',
    title: 'Top-ups and promo codes',
    questions: [
      {
        id: 'how-to-top-up',
        question: 'How do I top up my balance?',
        answer: [
          'Press Top up, pick your country, a payment method and the amount. The rate, the minimum and the method’s bonus are shown before you pay. After a successful payment the GOLD is credited automatically.',
        ],
        links: [{ path: '/refill', label: 'Top up' }],
      },
      {
        id: 'deposit-bonuses',
        question: 'What bonuses do top-ups get?',
        answer: [
          `The larger the amount, the higher the top-up level bonus; some payment methods add a bonus of their own. Each bonus is a percent of the top-up, never a percent of another bonus. On top of that, ${f.depositCoinsPer100} event coins per 100 GOLD.`,
        ],
        links: [],
      },
      {
        id: 'promo-codes',
        question: 'How do promo codes work?',
        answer: [
          'Enter the code on the top-up page (case and spaces do not matter). A percent code adds a bonus to your next top-up, an instant code credits GOLD at once, and a blogger code gives special terms depending on the amount.',
          'A code may have an expiry date and a limit of uses, per account and in total. An attached code stays until a top-up uses it.',
        ],
        links: [{ path: '/refill', label: 'Enter a promo code' }],
      },
      {
        id: 'payment-pending',
        question: 'I paid, but my balance did not change',
        answer: [
          'Some payment systems confirm with a delay; the order’s status is on the result page. If 30 minutes later the money has left your account but no GOLD arrived, write to support with the order number.',
          `Support e-mail: ${f.supportMail}.`,
        ],
        links: [{ path: '/contacts', label: 'Contacts' }],
      },
    ],
  },
  {
    id: 'account',
    title: 'Account and sign-in',
    questions: [
      {
        id: 'signin-methods',
        question: 'How do I sign in?',
        answer: [
          'With Steam, Google or VK: one button, no password. The first sign-in creates your account. There is also quick registration, which gives you a login and a password: keep them safe.',
        ],
        links: [],
      },
      {
        id: 'link-accounts',
        question: 'Can I link several ways to sign in?',
        answer: [
          'Yes: link Steam, Google and VK to one account in your profile settings and sign in with any of them. You can unlink any of them except the last, or you could not get in.',
        ],
        links: [{ path: '/profile/settings', label: 'Profile settings' }],
      },
      {
        id: 'sessions',
        question: 'How do I sign out on another device?',
        answer: ['Your profile settings list the devices where your account is open. End the session you do not need, or sign out everywhere at once.'],
        links: [],
      },
      {
        id: 'age',
        question: 'How old must I be to play?',
        answer: ['18 or older. By signing up you confirm your age and accept the user agreement.'],
        links: [{ path: '/user-agreement', label: 'User agreement' }],
      },
    ],
  },
  {
    id: 'daily',
    title: 'Daily and free cases, levels',
    questions: [
      {
        id: 'levels-exp',
        question: 'How does my level grow?',
        answer: [
          'Every GOLD you spend on cases, upgrades, contracts, battles and offers earns 1 experience point. Top-ups, sales and free openings earn none.',
          'Everyone starts at level 1. Levels unlock new daily cases and locked cases.',
        ],
        links: [{ path: '/daily-cases', label: 'My level' }],
      },
      {
        id: 'daily-cases',
        question: 'What are daily cases?',
        answer: [
          'Free level cases: LEVEL 1, 15, 30, 40 and on up to 150. Each one you have unlocked opens once every 24 hours; the timer runs from your last opening, not from midnight.',
          'You can turn on a reminder that a case is ready again on the daily cases page.',
        ],
        links: [{ path: '/daily-cases', label: 'Daily cases' }],
      },
      {
        id: 'daily-deposit',
        question: `Why won't a level ${f.dailyDepositFromLevel}+ case open?`,
        answer: [
          `Daily cases from level ${f.dailyDepositFromLevel} need a top-up within the last ${f.dailyDepositDays} days; this keeps the bonuses away from account farms. The LEVEL 1 case is always free.`,
        ],
        links: [],
      },
      {
        id: 'starting-level',
        question: 'Can I start at a higher level?',
        answer: [
          'Yes, once: after your first top-up press “Get my level” under “Starting level” on the daily cases page, and your first top-up counts as experience, as if you had spent it.',
        ],
        links: [],
      },
      {
        id: 'free-cases',
        question: 'Where do free openings come from?',
        answer: [
          'Promo codes, battle-pass levels and support give them. A free opening waits on the daily cases page until it expires. Some cases also make every Nth opening free; the case card says so.',
        ],
        links: [{ path: '/bonuses', label: 'All bonuses' }],
      },
    ],
  },
  {
    id: 'event',
    title: 'Event and battle pass',
    questions: [
      {
        id: 'event-what',
        question: 'What is the event?',
        answer: [
          'A season of a few weeks: you play as usual and earn event coins, climb the battle pass, open event and coin cases, and take part in the raffle and the season’s top.',
        ],
        links: [{ path: '/event', label: 'Go to the event' }],
      },
      {
        id: 'battle-pass',
        question: 'How do I climb the battle pass?',
        answer: [
          `The pass has ${f.passLevels} levels. A level opens when the coins you earned this season reach its threshold; spending coins never takes progress away. Rewards are coins, GOLD or free cases, with rare rewards at levels ${f.passRareLevels.join(', ')} and the top one at level ${f.passUltraLevel}.`,
          'Claim each reward with the button on its level card; you can still do so for a week after the season ends.',
        ],
        links: [{ path: '/event/battle-pass', label: 'Battle pass' }],
      },
      {
        id: 'event-tasks',
        question: 'How do tasks work?',
        answer: [
          'Levels have tasks: open cases, play battles, make upgrades, sign contracts, spend or top up an amount. Games played during the season count, and a task pays the moment it is done. Tasks of levels above yours start counting once you reach them.',
        ],
        links: [],
      },
      {
        id: 'coin-cases-raffle',
        question: 'What are coin cases and the raffle?',
        answer: [
          'Coin cases open for event coins, from levels 1, 15, 30 and 40. Every 100 coins you spend on them gives you a raffle ticket.',
          'The raffle’s seed is fixed by its hash from the start of the season and revealed after the draw, so anyone can recompute the winners.',
        ],
        links: [{ path: '/event/coin-cases', label: 'Coin cases' }],
      },
      {
        id: 'season-top',
        question: 'How do I get into the top?',
        answer: [
          'Each top counts its own thing over its own period: GOLD spent, GOLD won, cases opened, battles won or upgrades won; the card shows the rules and the prizes. A prize arrives in your inventory by itself when the top closes, and the site shows you a reward window.',
        ],
        links: [{ path: '/leaderboard', label: 'Tops' }],
      },
    ],
  },
];
