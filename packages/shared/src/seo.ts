import type { FlagName } from './api/platform.ts';
import type { Lang } from './errors.ts';
import { langOfPath, pathInLang, stripLocale, type LocalePrefix } from './locale-path.ts';

/**
 * The title and description of every page of spec §2 in each language, for the page's head and
 * `POST /api/v1/seo/get` (spec §3, §7). Pure: the web app and the server read the same table, so
 * what a search engine sees and what the API answers never disagree.
 */

/** What the texts need to know of the project (spec §1 configuration: title, game, seo). */
export interface SeoSite {
  /** The project's title, e.g. "CaseStore CS2". */
  title: string;
  /** The game's name, e.g. "CS2" or "Dota 2". */
  game: string;
  /** The configured main-page texts (Russian): they win over the table's on `/`. */
  seo?: { title: string; description: string };
  /** Where each language lives in the address (LOCALE_PREFIX): the canonical and alternate paths follow it. */
  localePrefix: LocalePrefix;
}

/** Names only the store knows: the case's and the player's, when the caller has them at hand. */
export interface SeoNames {
  caseName?: string;
  nickname?: string;
}

export interface SeoText {
  title: string;
  description: string;
}

type Texts = (site: SeoSite, params: Record<string, string>, names: SeoNames) => SeoText;

interface SeoPage {
  /** The path without the language prefix; `:name` marks a parameter. */
  path: string;
  ru: Texts;
  en: Texts;
  /** Private or transient pages a search engine should leave out. */
  index: boolean;
  /** The page this one repeats (an alias or a redirect); its canonical address. */
  canonical?: string;
  /** Shown only while this flag is on: the sitemap leaves the page out while it is off. */
  flag?: FlagName;
}

const text = (title: string, description: string): SeoText => ({ title, description });

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** A case's name in a sentence: the catalogue's Russian names mostly say «Кейс «…»» already. */
const ruCase = (name: string) => (/^кейс\s/i.test(name) ? `к${name.slice(1)}` : `кейс «${name}»`);
/** The catalogue's English names mostly end in "Case" already. */
const enCase = (name: string) => (/\bcase$/i.test(name) ? name : `${name} case`);

/** Every page of the store (apps/web/app/routes.ts), Russian first. */
export const SEO_PAGES: readonly SeoPage[] = [
  {
    path: '/',
    index: true,
    ru: (s) =>
      s.seo ??
      text(
        `${s.title} — кейсы ${s.game} с выводом в Steam`,
        `Открывайте кейсы ${s.game}, играйте в батлы, апгрейды и контракты. Честные шансы и вывод выигранных скинов в Steam за 1 минуту.`,
      ),
    en: (s) =>
      text(
        `${s.title} — open ${s.game} cases, withdraw to Steam`,
        `Open ${s.game} cases, play battles, upgrades and contracts with provably fair odds. Withdraw the skins you win to Steam in 1 minute.`,
      ),
  },
  {
    path: '/open/:caseName',
    index: true,
    ru: (s, _p, n) => {
      if (!n.caseName)
        return text(
          `Кейс ${s.game} — открыть онлайн на ${s.title}`,
          `Откройте кейс ${s.game} онлайн: посмотрите все скины внутри и шансы выпадения. Выигрыш можно продать или вывести в Steam за 1 минуту.`,
        );
      const named = ruCase(n.caseName);
      return text(
        `${capital(named)} — открыть на ${s.title}`,
        `Откройте ${named} онлайн: посмотрите все скины ${s.game} внутри и шансы выпадения. Выигрыш можно вывести в Steam за 1 минуту.`,
      );
    },
    en: (s, _p, n) => {
      if (!n.caseName)
        return text(
          `${s.game} case — open it online on ${s.title}`,
          `Open a ${s.game} case online: see every skin inside and its drop odds. Sell what you win or withdraw it to Steam in 1 minute.`,
        );
      const named = enCase(n.caseName);
      return text(
        `${named} — open it on ${s.title}`,
        `Open the ${named} online: see every ${s.game} skin inside and its drop odds. Withdraw what you win to Steam in 1 minute.`,
      );
    },
  },
  {
    path: '/profile',
    index: false,
    ru: (s) =>
      text(
        `Мой профиль — ${s.title}`,
        `Ваш инвентарь на ${s.title}: выигранные скины ${s.game}, история апгрейдов и задания. Продавайте предметы или выводите их в Steam.`,
      ),
    en: (s) =>
      text(
        `My profile — ${s.title}`,
        `Your inventory on ${s.title}: the ${s.game} skins you won, your upgrade history and missions. Sell items or withdraw them to Steam.`,
      ),
  },
  {
    path: '/profile/settings',
    index: false,
    ru: (s) =>
      text(
        `Настройки аккаунта — ${s.title}`,
        `Настройки аккаунта ${s.title}: никнейм, почта, язык, ссылка на обмен Steam и привязанные способы входа. Здесь же выход со всех устройств.`,
      ),
    en: (s) =>
      text(
        `Account settings — ${s.title}`,
        `Your ${s.title} account settings: nickname, email, language, Steam trade link and linked sign-in methods, and signing out everywhere.`,
      ),
  },
  {
    path: '/profile/:userId',
    index: false,
    ru: (s, _p, n) =>
      text(
        n.nickname ? `Профиль игрока ${n.nickname} — ${s.title}` : `Профиль игрока — ${s.title}`,
        `Инвентарь игрока на ${s.title}: скины ${s.game}, выигранные в кейсах, батлах и апгрейдах, и его лучшие дропы. Откройте свой кейс и соберите свой.`,
      ),
    en: (s, _p, n) =>
      text(
        n.nickname ? `${n.nickname}'s profile — ${s.title}` : `Player profile — ${s.title}`,
        `A player's inventory on ${s.title}: the ${s.game} skins won in cases, battles and upgrades, and their best drops. Open a case and start your own.`,
      ),
  },
  {
    path: '/upgrades',
    index: true,
    flag: 'upgrades',
    ru: (s) =>
      text(
        `Апгрейд скинов ${s.game} — ${s.title}`,
        `Улучшайте скины ${s.game}: поставьте свои предметы, выберите скин дороже и смотрите шанс до прокрутки. Каждый результат проверяем, выигрыш выводится в Steam.`,
      ),
    en: (s) =>
      text(
        `${s.game} skin upgrades — ${s.title}`,
        `Upgrade your ${s.game} skins: stake your items, pick a pricier skin and see your chance before the spin. Every roll is verifiable, and wins go to Steam.`,
      ),
  },
  {
    path: '/skin-exchange',
    index: true,
    ru: (s) =>
      text(
        `Обмен скинов ${s.game} — ${s.title}`,
        `Обменяйте ненужные скины ${s.game} на другие из каталога ${s.title}: сдайте предметы из инвентаря и выберите новые на ту же сумму.`,
      ),
    en: (s) =>
      text(
        `${s.game} skin exchange — ${s.title}`,
        `Swap the ${s.game} skins you do not need for others from the ${s.title} catalogue: hand in items from your inventory and pick new ones of the same value.`,
      ),
  },
  {
    path: '/contract',
    index: true,
    flag: 'contract',
    ru: (s) =>
      text(
        `Контракты ${s.game} — ${s.title}`,
        `Соберите контракт из 3–10 скинов ${s.game} и получите один новый предмет стоимостью от 0,25 до 4 их цен. Вывод выигрыша в Steam за 1 минуту.`,
      ),
    en: (s) =>
      text(
        `${s.game} contracts — ${s.title}`,
        `Put 3 to 10 ${s.game} skins into a contract and get one new item worth 0.25 to 4 times their value. Withdraw the result to Steam in 1 minute.`,
      ),
  },
  {
    path: '/battles',
    index: true,
    flag: 'battles',
    ru: (s) =>
      text(
        `Батлы кейсов ${s.game} — ${s.title}`,
        `Батлы кейсов ${s.game}: открывайте кейсы одновременно с другими игроками, кто выбил дороже — забирает всё. Создайте батл или присоединитесь.`,
      ),
    en: (s) =>
      text(
        `${s.game} case battles — ${s.title}`,
        `${s.game} case battles: open cases at the same time as other players, and the best total drop takes everything. Create a battle or join one.`,
      ),
  },
  {
    path: '/battles/create',
    index: true,
    flag: 'battles',
    ru: (s) =>
      text(
        `Создать батл — ${s.title}`,
        `Создайте свой батл кейсов ${s.game}: выберите кейсы, число раундов и игроков, режим один на один или команды, и пригласите соперников.`,
      ),
    en: (s) =>
      text(
        `Create a battle — ${s.title}`,
        `Set up your own ${s.game} case battle: pick the cases, the number of rounds and players, one on one or in teams, and invite your rivals.`,
      ),
  },
  {
    path: '/battles/history',
    index: true,
    flag: 'battles',
    ru: (s) =>
      text(
        `История батлов — ${s.title}`,
        `Завершённые батлы кейсов ${s.game} на ${s.title}: кто с кем играл, какие кейсы открывали, что выпало и кто забрал выигрыш.`,
      ),
    en: (s) =>
      text(
        `Battle history — ${s.title}`,
        `Finished ${s.game} case battles on ${s.title}: who played whom, which cases were opened, what dropped and who took the winnings.`,
      ),
  },
  {
    path: '/battles/statistics',
    index: true,
    flag: 'battles',
    ru: (s) =>
      text(
        `Статистика батлов — ${s.title}`,
        `Статистика батлов кейсов ${s.game}: сколько игр сыграно, самые крупные выигрыши и лучшие игроки ${s.title} за день, неделю и всё время.`,
      ),
    en: (s) =>
      text(
        `Battle statistics — ${s.title}`,
        `${s.game} case battle statistics: games played, the biggest wins and the best players on ${s.title} for the day, the week and all time.`,
      ),
  },
  {
    path: '/battles/details',
    index: true,
    flag: 'battles',
    ru: (s) =>
      text(
        `Правила батлов — ${s.title}`,
        `Как устроены батлы кейсов на ${s.title}: режимы, раунды, как считается победитель, что происходит при ничьей и как проверить честность.`,
      ),
    en: (s) =>
      text(
        `Battle rules — ${s.title}`,
        `How case battles work on ${s.title}: modes, rounds, how the winner is decided, what happens on a tie and how to check that every roll was fair.`,
      ),
  },
  {
    path: '/battles/:battleId',
    index: false,
    flag: 'battles',
    ru: (s) =>
      text(
        `Батл кейсов ${s.game} онлайн — ${s.title}`,
        `Батл кейсов ${s.game} в прямом эфире: следите за раундами, выпавшими скинами и общим счётом игроков. Победитель забирает все предметы.`,
      ),
    en: (s) =>
      text(
        `Live ${s.game} case battle — ${s.title}`,
        `A ${s.game} case battle, live: follow the rounds, the skins that drop and each player's total. The winner takes every item.`,
      ),
  },
  {
    path: '/offers-shop',
    index: true,
    flag: 'secret_shop',
    ru: (s) =>
      text(
        `Секретный магазин — ${s.title}`,
        `Секретный магазин ${s.title}: персональные предложения с кейсами ${s.game} и бонусами к пополнению. Предложения обновляются, успейте забрать.`,
      ),
    en: (s) =>
      text(
        `Secret shop — ${s.title}`,
        `The ${s.title} secret shop: personal offers of ${s.game} cases and top-up bonuses. The offers change, so grab them while they last.`,
      ),
  },
  {
    path: '/daily-cases',
    index: true,
    ru: (s) =>
      text(
        `Бесплатные ежедневные кейсы — ${s.title}`,
        `Ежедневные кейсы ${s.game} бесплатно: повышайте уровень, открывайте новые кейсы и забирайте их каждый день. Выигрыш выводится в Steam.`,
      ),
    en: (s) =>
      text(
        `Free daily cases — ${s.title}`,
        `Free daily ${s.game} cases: level up, unlock new cases and claim them every day. Withdraw whatever you win to Steam in 1 minute.`,
      ),
  },
  {
    path: '/leaderboard',
    index: true,
    flag: 'leaderboard',
    ru: (s) =>
      text(
        `Топ игроков — ${s.title}`,
        `Рейтинг игроков ${s.title}: соревнуйтесь за место в топе дня, недели и месяца, набирайте очки за открытия и получайте призы.`,
      ),
    en: (s) =>
      text(
        `Top players — ${s.title}`,
        `The ${s.title} leaderboard: compete for a place in the daily, weekly and monthly tops, score points for every opening and win prizes.`,
      ),
  },
  {
    path: '/event',
    index: true,
    ru: (s) =>
      text(
        `Ивент — ${s.title}`,
        `Сезонный ивент ${s.title}: выполняйте задания, копите монеты, открывайте ивентовые кейсы ${s.game} и проходите боевой пропуск за награды.`,
      ),
    en: (s) =>
      text(
        `Event — ${s.title}`,
        `The ${s.title} seasonal event: complete tasks, collect coins, open event ${s.game} cases and work through the battle pass for rewards.`,
      ),
  },
  {
    path: '/event/battle-pass',
    index: true,
    ru: (s) =>
      text(
        `Боевой пропуск — ${s.title}`,
        `Боевой пропуск ивента ${s.title}: получайте опыт за задания, открывайте уровни и забирайте награды — кейсы ${s.game}, монеты и скины.`,
      ),
    en: (s) =>
      text(
        `Battle pass — ${s.title}`,
        `The ${s.title} event battle pass: earn experience from tasks, unlock levels and claim the rewards: ${s.game} cases, coins and skins.`,
      ),
  },
  {
    path: '/event/coin-cases',
    index: true,
    ru: (s) =>
      text(
        `Кейсы за монеты — ${s.title}`,
        `Тратьте монеты ивента ${s.title} на особые кейсы ${s.game}: монеты дают задания и открытия, а кейсы за них доступны только в сезон.`,
      ),
    en: (s) =>
      text(
        `Coin cases — ${s.title}`,
        `Spend your ${s.title} event coins on special ${s.game} cases: tasks and openings earn the coins, and these cases exist only this season.`,
      ),
  },
  {
    path: '/event/new-cases',
    index: true,
    ru: (s) =>
      text(
        `Новые кейсы ${s.game} — ${s.title}`,
        `Новые кейсы ${s.game} сезона на ${s.title}: свежие коллекции скинов и ограниченные кейсы. Откройте первым и выведите выигрыш в Steam.`,
      ),
    en: (s) =>
      text(
        `New ${s.game} cases — ${s.title}`,
        `This season's new ${s.game} cases on ${s.title}: fresh skin collections and limited cases. Be the first to open them and withdraw to Steam.`,
      ),
  },
  {
    path: '/event/top',
    index: true,
    ru: (s) =>
      text(
        `Топ ивента — ${s.title}`,
        `Турнирная таблица ивента ${s.title}: лучшие игроки сезона по очкам и призы за первые места. Поднимайтесь в топе, открывая кейсы ${s.game}.`,
      ),
    en: (s) =>
      text(
        `Event top — ${s.title}`,
        `The ${s.title} event standings: the season's best players by points and the prizes for the top places. Climb by opening ${s.game} cases.`,
      ),
  },
  {
    path: '/new-cases',
    index: false,
    canonical: '/event/new-cases',
    ru: (s) =>
      text(
        `Новинки кейсов ${s.game} — ${s.title}`,
        `Самые свежие кейсы ${s.game} на ${s.title}: новые коллекции скинов этого сезона. Откройте их первым и выведите выигрыш в Steam.`,
      ),
    en: (s) =>
      text(
        `Latest ${s.game} cases — ${s.title}`,
        `The latest ${s.game} cases on ${s.title}: this season's new skin collections. Open them first and withdraw what you win to Steam.`,
      ),
  },
  {
    path: '/provably-fair/instructions',
    index: true,
    flag: 'pf',
    ru: (s) =>
      text(
        `Как проверить честность — ${s.title}`,
        `Как на ${s.title} работает проверка честности: серверный и клиентский сиды, номер открытия и как самому пересчитать любой результат.`,
      ),
    en: (s) =>
      text(
        `How provably fair works — ${s.title}`,
        `How ${s.title} proves every result is fair: the server and client seeds, the nonce, and how to recompute any outcome yourself.`,
      ),
  },
  {
    path: '/provably-fair/settings',
    index: false,
    flag: 'pf',
    ru: (s) =>
      text(
        `Настройки сидов — ${s.title}`,
        `Ваши сиды на ${s.title}: задайте свой клиентский сид, посмотрите хэш серверного и смените пару, чтобы проверить прошлые открытия.`,
      ),
    en: (s) =>
      text(
        `Seed settings — ${s.title}`,
        `Your seeds on ${s.title}: set your own client seed, see the hash of the server seed and rotate the pair to verify past openings.`,
      ),
  },
  {
    path: '/provably-fair/check',
    index: true,
    flag: 'pf',
    ru: (s) =>
      text(
        `Проверка результата — ${s.title}`,
        `Проверьте любой результат ${s.title}: введите сиды и номер открытия, и проверка пересчитает выпавший предмет кейса, апгрейда или батла.`,
      ),
    en: (s) =>
      text(
        `Check a result — ${s.title}`,
        `Verify any ${s.title} result: enter the seeds and the nonce, and the check recomputes the item a case, upgrade or battle gave.`,
      ),
  },
  {
    path: '/provably-fair/case-history/:caseId',
    index: false,
    flag: 'pf',
    ru: (s) =>
      text(
        `История открытий кейса — ${s.title}`,
        `Последние открытия кейса ${s.game} на ${s.title} с сидами и номерами: проверьте любой выпавший скин и убедитесь в честности шансов.`,
      ),
    en: (s) =>
      text(
        `Case opening history — ${s.title}`,
        `The latest openings of a ${s.game} case on ${s.title} with their seeds and nonces: verify any skin that dropped and see the odds are fair.`,
      ),
  },
  {
    path: '/sapper',
    index: true,
    flag: 'techies',
    ru: (s) =>
      text(
        `Сапёр на скины ${s.game} — ${s.title}`,
        `Игра «Сапёр» на ${s.title}: открывайте клетки, обходите мины и забирайте выигрыш в любой момент. Каждый раунд проверяется на честность.`,
      ),
    en: (s) =>
      text(
        `${s.game} minesweeper — ${s.title}`,
        `Play minesweeper on ${s.title}: open cells, dodge the mines and cash out whenever you like. Every round is provably fair.`,
      ),
  },
  {
    path: '/ninja-defuse',
    index: true,
    canonical: '/sapper',
    flag: 'techies',
    ru: (s) =>
      text(
        `Ниндзя-сапёр — ${s.title}`,
        `«Сапёр» на ${s.title}: открывайте клетки, обходите мины и забирайте выигрыш в любой момент. Каждый раунд проверяется на честность.`,
      ),
    en: (s) =>
      text(
        `Ninja defuse — ${s.title}`,
        `Minesweeper on ${s.title}: open cells, dodge the mines and cash out whenever you like. Every round can be checked for fairness.`,
      ),
  },
  {
    path: '/techies',
    index: true,
    canonical: '/sapper',
    flag: 'techies',
    ru: (s) =>
      text(
        `Течис: мины и скины — ${s.title}`,
        `Игра с минами на ${s.title}: открывайте клетки поля, не наступите на мину и заберите выигрыш вовремя. Честность раунда можно проверить.`,
      ),
    en: (s) =>
      text(
        `Techies: mines and skins — ${s.title}`,
        `A mines game on ${s.title}: open the cells of the field, avoid the mines and cash out in time. Each round's fairness can be verified.`,
      ),
  },
  {
    path: '/refill',
    index: true,
    ru: (s) =>
      text(
        `Пополнение баланса — ${s.title}`,
        `Пополните баланс ${s.title} картой, через СБП или в USDT. Промокоды дают бонус к пополнению, деньги зачисляются сразу.`,
      ),
    en: (s) =>
      text(
        `Top up your balance — ${s.title}`,
        `Top up your ${s.title} balance by card, the Faster Payments System or USDT. Promo codes add a bonus, and the money arrives straight away.`,
      ),
  },
  {
    path: '/refill/unauth',
    index: false,
    canonical: '/refill',
    ru: (s) =>
      text(
        `Пополнение без входа — ${s.title}`,
        `Пополните баланс ${s.title} до входа в аккаунт: выберите способ оплаты и сумму, а после оплаты войдите, чтобы открыть кейсы ${s.game}.`,
      ),
    en: (s) =>
      text(
        `Top up before signing in — ${s.title}`,
        `Top up your ${s.title} balance before signing in: choose a payment method and amount, then sign in to open ${s.game} cases.`,
      ),
  },
  {
    path: '/refill/result',
    index: false,
    ru: (s) =>
      text(
        `Результат оплаты — ${s.title}`,
        `Статус вашего пополнения ${s.title}: оплачено, ожидает подтверждения или отклонено. После зачисления баланс сразу доступен для открытия кейсов.`,
      ),
    en: (s) =>
      text(
        `Payment result — ${s.title}`,
        `The status of your ${s.title} top-up: paid, awaiting confirmation or declined. Once credited, the balance is ready for opening cases.`,
      ),
  },
  {
    path: '/faq',
    index: true,
    ru: (s) =>
      text(
        `Вопросы и ответы — ${s.title}`,
        `Ответы на частые вопросы о ${s.title}: пополнение, открытие кейсов ${s.game}, вывод скинов в Steam за 1 минуту, честность и поддержка.`,
      ),
    en: (s) =>
      text(
        `FAQ — ${s.title}`,
        `Answers to common questions about ${s.title}: topping up, opening ${s.game} cases, withdrawing skins to Steam in 1 minute, fairness and support.`,
      ),
  },
  {
    path: '/bonuses',
    index: true,
    flag: 'bonus_page',
    ru: (s) =>
      text(
        `Бонусы и промокоды — ${s.title}`,
        `Все бонусы ${s.title}: промокоды на пополнение, бесплатные кейсы ${s.game} за подписки и уровни, ежедневные награды и задания.`,
      ),
    en: (s) =>
      text(
        `Bonuses and promo codes — ${s.title}`,
        `Every ${s.title} bonus: top-up promo codes, free ${s.game} cases for subscriptions and levels, daily rewards and missions.`,
      ),
  },
  {
    path: '/cookies',
    index: true,
    ru: (s) =>
      text(
        `Политика cookie — ${s.title}`,
        `Какие файлы cookie использует ${s.title}, зачем они нужны для входа, языка и безопасности и как ими управлять в вашем браузере.`,
      ),
    en: (s) =>
      text(
        `Cookie policy — ${s.title}`,
        `Which cookies ${s.title} uses, why sign-in, language and security need them, and how to manage them in your browser.`,
      ),
  },
  {
    path: '/contacts',
    index: true,
    ru: (s) =>
      text(
        `Контакты — ${s.title}`,
        `Как связаться с ${s.title}: почта поддержки и для партнёров, реклама, реквизиты компании и наши сообщества. Отвечаем на русском и английском.`,
      ),
    en: (s) =>
      text(
        `Contacts — ${s.title}`,
        `How to reach ${s.title}: support and partner email, advertising, company details and our communities. We answer in Russian and English.`,
      ),
  },
  {
    path: '/user-agreement',
    index: true,
    ru: (s) =>
      text(
        `Пользовательское соглашение — ${s.title}`,
        `Пользовательское соглашение ${s.title}: правила сервиса, пополнение и вывод скинов ${s.game}, ответственность сторон и возрастные ограничения.`,
      ),
    en: (s) =>
      text(
        `User agreement — ${s.title}`,
        `The ${s.title} user agreement: the rules of the service, top-ups and ${s.game} skin withdrawals, each side's liability and the age limit.`,
      ),
  },
  {
    path: '/event-condition',
    index: true,
    ru: (s) =>
      text(
        `Условия ивентов — ${s.title}`,
        `Условия ивентов и конфиденциальности ${s.title}: как начисляются монеты и награды сезона, как распределяются призы и как мы храним ваши данные.`,
      ),
    en: (s) =>
      text(
        `Event terms — ${s.title}`,
        `The ${s.title} event and privacy terms: how season coins and rewards are earned, how prizes are shared out and how we keep your data.`,
      ),
  },
  {
    path: '/privacy-policy',
    index: true,
    canonical: '/event-condition',
    ru: (s) =>
      text(
        `Политика конфиденциальности — ${s.title}`,
        `Политика конфиденциальности ${s.title}: какие данные мы собираем, как их храним и защищаем, кому передаём и как удалить аккаунт.`,
      ),
    en: (s) =>
      text(
        `Privacy policy — ${s.title}`,
        `The ${s.title} privacy policy: which data we collect, how we store and protect it, who we share it with and how to delete your account.`,
      ),
  },
  {
    path: '/land1',
    index: false,
    canonical: '/',
    ru: (s) =>
      text(
        `Кейсы ${s.game} с бонусом — ${s.title}`,
        `Зарегистрируйтесь на ${s.title}, получите бонус к первому пополнению и откройте кейсы ${s.game}. Вывод выигранных скинов в Steam за 1 минуту.`,
      ),
    en: (s) =>
      text(
        `${s.game} cases with a bonus — ${s.title}`,
        `Sign up on ${s.title}, get a bonus on your first top-up and open ${s.game} cases. Withdraw the skins you win to Steam in 1 minute.`,
      ),
  },
];

/** Unknown paths: the not-found page, never indexed. */
const NOT_FOUND: SeoPage = {
  path: '*',
  index: false,
  ru: (s) =>
    text(
      `Страница не найдена — ${s.title}`,
      `Такой страницы на ${s.title} нет. Вернитесь на главную, чтобы открыть кейсы ${s.game}, сыграть в батлы или забрать ежедневный кейс.`,
    ),
  en: (s) =>
    text(
      `Page not found — ${s.title}`,
      `There is no such page on ${s.title}. Go back to the main page to open ${s.game} cases, play battles or claim your daily case.`,
    ),
};

export interface SeoResult extends SeoText {
  lang: Lang;
  /** The table's pattern the path matched ('*' for an unknown path). */
  page: string;
  /** Paths without an origin: the page's canonical address and the same page in each language. */
  canonical: string;
  alternates: Record<Lang, string>;
  index: boolean;
  flag?: FlagName;
}


function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const value = got[i] ?? '';
    if (part.startsWith(':')) {
      if (!value) return null;
      params[part.slice(1)] = value;
    } else if (part !== value) return null;
  }
  return params;
}

/** The page of the table a path (without its language prefix) belongs to, with its parameters. */
export function findSeoPage(bare: string): { page: SeoPage; params: Record<string, string> } | null {
  for (const page of SEO_PAGES) {
    const params = match(page.path, bare);
    if (params) return { page, params };
  }
  return null;
}

/**
 * The head of a page: its texts in the path's language, its canonical path, the same page in
 * each language, and whether a search engine should index it. A trailing slash and the query
 * are ignored, as the store redirects them away (spec §2).
 */
export function seoFor(pathname: string, site: SeoSite, names: SeoNames = {}): SeoResult {
  const clean = (pathname.split(/[?#]/)[0] ?? '').replace(/\/+$/, '') || '/';
  const lang = langOfPath(clean);
  const bare = stripLocale(clean);
  const found = findSeoPage(bare);
  const page = found?.page ?? NOT_FOUND;
  const params = found?.params ?? {};
  // The configured main-page texts are Russian: English keeps the table's own.
  const own = lang === 'ru' ? site : { ...site, seo: undefined };
  const { title, description } = page[lang](own, params, names);
  const canonicalBare = page.canonical ?? bare;
  return {
    lang,
    page: page.path,
    title,
    description,
    canonical: pathInLang(lang, canonicalBare, site.localePrefix),
    alternates: { ru: pathInLang('ru', canonicalBare, site.localePrefix), en: pathInLang('en', canonicalBare, site.localePrefix) },
    index: page.index,
    ...(page.flag ? { flag: page.flag } : {}),
  };
}

/** The pages a sitemap lists: indexed, without parameters, not an alias of another. */
export function sitemapPages(flags: Partial<Record<FlagName, boolean>>): string[] {
  return SEO_PAGES.filter((p) => p.index && !p.canonical && !p.path.includes(':') && (!p.flag || flags[p.flag] !== false)).map(
    (p) => p.path,
  );
}
