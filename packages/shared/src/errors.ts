/**
 * The error catalogue of spec §8: every failure the API returns carries one of these codes,
 * an HTTP status and a message in the player's language. The web client keys its texts on
 * the same codes, so a code is never renamed.
 */
import type { AmountError } from './payments/bonus.ts';
import type { PromoError } from './payments/promo.ts';

export type Lang = 'ru' | 'en';

interface ErrorDef {
  status: number;
  ru: string;
  en: string;
}

export const errorCatalogue = {
  authentication: { status: 401, ru: 'Требуется вход в аккаунт', en: 'Please sign in' },
  balance_error: { status: 402, ru: 'Недостаточно средств на балансе', en: 'Not enough balance' },
  caseNotFound: { status: 404, ru: 'Кейс не найден', en: 'Case not found' },
  dataNotFound: { status: 404, ru: 'Данные не найдены', en: 'Data not found' },
  invalidItem: { status: 422, ru: 'Предмет недоступен для этого действия', en: 'This item cannot be used for that' },
  invalidUser: { status: 403, ru: 'Действие доступно только владельцу', en: 'Only the owner can do that' },
  inventory: { status: 422, ru: 'Выберите предметы', en: 'Select items first' },
  inventory_changed: { status: 409, ru: 'Инвентарь изменился — проверьте сумму и повторите', en: 'Your inventory has changed — check the sum and try again' },
  inWithdrawalProcess: { status: 409, ru: 'Предмет уже выводится', en: 'The item is already being withdrawn' },
  steamLogin: { status: 429, ru: 'Слишком много попыток входа через Steam', en: 'Too many Steam sign-in attempts' },
  // Steam data (spec §5): the web's keys for the trade link and Steam login checks.
  steamUrlEmpty: { status: 422, ru: 'Вставьте ссылку на обмен', en: 'Paste your trade link' },
  steamUrlValidation: { status: 422, ru: 'Это не ссылка на обмен Steam', en: 'This is not a Steam trade link' },
  steamLoginEmpty: { status: 422, ru: 'Введите логин Steam', en: 'Enter your Steam login' },
  steamLoginLength: { status: 422, ru: 'Логин Steam не длиннее 32 символов', en: 'A Steam login is at most 32 characters' },
  steamLoginShort: { status: 422, ru: 'Логин Steam не короче 3 символов', en: 'A Steam login is at least 3 characters' },
  steamLoginValid: { status: 422, ru: 'В логине Steam только латинские буквы, цифры и _', en: 'A Steam login has only Latin letters, digits and _' },
  steamLoginLatinFirst: { status: 422, ru: 'Логин Steam начинается с латинской буквы', en: 'A Steam login starts with a Latin letter' },
  clientSeedInvalid: { status: 422, ru: 'Клиентский сид: от 1 до 64 латинских букв, цифр, _ или -', en: 'A client seed is 1 to 64 Latin letters, digits, _ or -' },
  outcome_not_found: { status: 404, ru: 'Такого результата нет', en: 'No such outcome' },
  odds_not_found: { status: 404, ru: 'Такой таблицы шансов нет', en: 'No such odds table' },
  // A feature an operator switched off (spec §1 flags); the games in flight still finish.
  feature_disabled: { status: 404, ru: 'Этот раздел сейчас выключен', en: 'This part of the store is switched off right now' },
  // The store closed for technical work (spec §2's tech-work page): every state-changing call is refused until it reopens.
  tech_work: { status: 503, ru: 'Сайт закрыт на технические работы, попробуйте позже', en: 'The store is closed for technical work, please try again later' },
  techies_disabled: { status: 404, ru: 'Игра «Сапёр» сейчас выключена', en: 'The techies game is switched off' },
  techies_game_in_progress: { status: 409, ru: 'Сначала закончите начатую игру', en: 'Finish the game you started first' },
  techies_game_over: { status: 409, ru: 'Эта игра уже закончена', en: 'This game is already over' },
  techies_cell_opened: { status: 409, ru: 'Эта клетка уже открыта', en: 'This cell is already open' },
  techies_open_first: { status: 409, ru: 'Откройте хотя бы одну клетку', en: 'Open at least one cell first' },
  techies_stake_range: { status: 422, ru: 'Ставка: от {min} до {max}', en: 'The stake is {min} to {max}' },
  seedRotationInGame: { status: 409, ru: 'Сменить сид нельзя, пока идёт ваша игра', en: 'The seed cannot be changed while one of your games is in progress' },
  // The market's check of the trade link before a withdrawal (decision 077).
  steam_trade_ban: { status: 422, ru: 'Steam запретил обмены этому аккаунту (трейд-бан): вывести предмет сейчас нельзя', en: 'Steam has banned this account from trading: the item cannot be sent now' },
  steam_trade_link_expired: {
    status: 422,
    ru: 'Ссылка на обмен устарела или инвентарь скрыт: сохраните новую ссылку в профиле',
    en: 'The trade link has expired or the inventory is private: save a new link in your profile',
  },
  tooManyWithdrawals: { status: 429, ru: 'Слишком много выводов, попробуйте позже', en: 'Too many withdrawals, try again later' },
  unpredicted: { status: 500, ru: 'Непредвиденная ошибка, попробуйте ещё раз', en: 'Something went wrong, please try again' },
  userNotFound: { status: 404, ru: 'Пользователь не найден', en: 'User not found' },
  fastOpen: { status: 429, ru: 'Подождите, кейс ещё открывается', en: 'Wait for the case to open' },
  case_not_available: { status: 409, ru: 'Кейс сейчас недоступен', en: 'This case is not available' },
  upgrade_multiplier_too_high: { status: 422, ru: 'Слишком большой множитель апгрейда', en: 'Upgrade multiplier is too high' },
  upgrade_invalid_sum: {
    status: 422,
    ru: 'Цель должна стоить больше выбранных предметов: больше {min}',
    en: 'The target must cost more than the items you stake: more than {min}',
  },
  upgrade_target_outdated: { status: 404, ru: 'Этот предмет больше недоступен для апгрейда', en: 'This item is no longer offered for upgrades' },
  upgrade_target_not_selected: { status: 422, ru: 'Выберите предмет, который хотите получить', en: 'Select the item you want to get' },
  contract_items_count: { status: 422, ru: 'В контракт нужно положить от {min} до {max} предметов', en: 'A contract takes {min} to {max} items' },
  contract_unavailable: { status: 409, ru: 'Для этой суммы контракт сейчас недоступен', en: 'No contract is available for this sum right now' },
  validation: { status: 400, ru: 'Проверьте введённые данные', en: 'Please check the data you entered' },
  seo_url_invalid: { status: 400, ru: 'Это не адрес страницы нашего сайта', en: 'This is not the address of a page of this site' },
  invalid_credentials: { status: 401, ru: 'Неверный логин или пароль', en: 'Wrong login or password' },
  too_many_requests: { status: 429, ru: 'Слишком много запросов, подождите немного', en: 'Too many requests, please wait a little' },
  not_found: { status: 404, ru: 'Страница не найдена', en: 'Page Not Found' },
  forbidden: { status: 403, ru: 'Недостаточно прав', en: 'Not allowed' },
  idempotency_key_reused: {
    status: 422,
    ru: 'Этот ключ повтора уже использован для другого действия',
    en: 'This Idempotency-Key was already used for a different call',
  },
  // Levels, daily and free cases (decision 015).
  case_level_locked: { status: 403, ru: 'Этот кейс откроется на {level} уровне', en: 'This case unlocks at level {level}' },
  daily_case_not_ready: { status: 409, ru: 'Кейс снова откроется через {time}', en: 'This case opens again in {time}' },
  daily_case_deposit_required: {
    status: 403,
    ru: 'Кейсы с {level} уровня открываются после пополнения за последние {days} дней: пополните баланс',
    en: 'Cases from level {level} need a deposit within the last {days} days: top up your balance to open them',
  },
  level_already_generated: { status: 409, ru: 'Стартовый уровень уже получен', en: 'Your starting level has already been generated' },
  level_generation_needs_deposit: {
    status: 409,
    ru: 'Стартовый уровень считается по первому пополнению: сначала пополните баланс',
    en: 'Your starting level comes from your first deposit: top up your balance first',
  },
  free_opening_not_found: { status: 404, ru: 'Бесплатное открытие не найдено или уже использовано', en: 'This free opening is not found or already used' },
  free_opening_expired: { status: 410, ru: 'Срок бесплатного открытия истёк', en: 'This free opening has expired' },
  // Free drops wait for the first deposit (decision 058).
  item_locked_until_deposit: {
    status: 403,
    ru: 'Предметы из бесплатных кейсов можно продать, обменять, вывести или поставить в игру после первого пополнения',
    en: 'Items from free cases can be sold, exchanged, withdrawn or staked after your first top-up',
  },
  leaderboard_not_found: { status: 404, ru: 'Такого рейтинга нет', en: 'No such leaderboard' },
  // The seasonal event (decision 017).
  coins_error: { status: 402, ru: 'Недостаточно монет', en: 'Not enough coins' },
  event_not_found: { status: 404, ru: 'Сейчас нет события', en: 'There is no event now' },
  event_level_not_found: { status: 404, ru: 'Такого уровня нет', en: 'No such level' },
  event_level_not_done: { status: 409, ru: 'Уровень ещё не пройден', en: 'This level is not reached yet' },
  event_level_claimed: { status: 409, ru: 'Награда за уровень уже получена', en: 'This level’s reward is already claimed' },
  event_claims_closed: { status: 410, ru: 'Награды события больше не выдаются', en: 'The event’s rewards can no longer be claimed' },
  channel_not_found: { status: 404, ru: 'Такого канала нет', en: 'No such channel' },
  too_many_channels: { status: 429, ru: 'Слишком много подписок в одном соединении', en: 'Too many subscriptions on one connection' },
  // Payments, promo codes and offers (decision 007).
  promo_not_found: { status: 404, ru: 'Промокод не найден', en: 'Promo code not found' },
  promo_expired: { status: 410, ru: 'Срок действия промокода истёк', en: 'This promo code has expired' },
  promo_exhausted: { status: 409, ru: 'Промокод закончился', en: 'This promo code has run out' },
  promo_user_limit: { status: 409, ru: 'Вы уже использовали этот промокод', en: 'You have already used this promo code' },
  amount_invalid: { status: 422, ru: 'Введите сумму', en: 'Enter an amount' },
  amount_too_low: { status: 422, ru: 'Минимальная сумма — {min}', en: 'The minimum amount is {min}' },
  amount_too_high: { status: 422, ru: 'Максимальная сумма — {max}', en: 'The maximum amount is {max}' },
  payment_country_invalid: { status: 400, ru: 'Укажите страну', en: 'Choose a country' },
  payment_method_not_found: { status: 404, ru: 'Способ оплаты недоступен', en: 'This payment method is not available' },
  payment_fields_invalid: { status: 422, ru: 'Проверьте данные для оплаты', en: 'Please check your payment details' },
  payment_order_not_found: { status: 404, ru: 'Платёж не найден', en: 'Payment not found' },
  payment_start_failed: { status: 502, ru: 'Ошибка при запуске оплаты', en: 'Error while starting payment' },
  /** A provider callback the server refused (forged, stale, unknown order, other amount or currency); `params.reason` says which. */
  payment_callback_refused: { status: 400, ru: 'Уведомление об оплате отклонено', en: 'Payment notification refused' },
  offer_not_found: { status: 404, ru: 'Предложение не найдено', en: 'Offer not found' },
  offer_sold_out: { status: 409, ru: 'Предложение закончилось', en: 'This offer is sold out' },
  offer_already_bought: { status: 409, ru: 'Вы уже купили это предложение', en: 'You have already bought this offer' },
  offer_price_changed: { status: 409, ru: 'Цена предложения изменилась — проверьте её и купите снова', en: 'The offer’s price has changed — check it and buy again' },
  // Battles (decision 008).
  error_battle_authorize: { status: 401, ru: 'Войдите, чтобы играть в батлы', en: 'Sign in to play battles' },
  error_not_enough_funds_for_battle: { status: 402, ru: 'Недостаточно средств для участия в батле', en: 'Not enough balance for this battle' },
  error_max_rounds: { status: 422, ru: 'Каждый кейс можно добавить от 1 до {max} раз', en: 'Each case can be added 1 to {max} times' },
  error_too_many_rounds: { status: 422, ru: 'В батле не больше {max} раундов', en: 'A battle has at most {max} rounds' },
  battle_create_error: { status: 422, ru: 'Ошибка создания батла: этот кейс не играют в батлах', en: 'Create battle error: this case is not played in battles' },
  battle_not_found: { status: 404, ru: 'Батл не найден', en: 'Battle not found' },
  battle_seat_taken: { status: 409, ru: 'Это место уже занято', en: 'This seat is taken' },
  battle_full: { status: 409, ru: 'Свободных мест нет', en: 'No free seats left' },
  battle_already_joined: { status: 409, ru: 'Вы уже участвуете в этом батле', en: 'You are already in this battle' },
  battle_started: { status: 409, ru: 'Батл уже начался', en: 'The battle has already started' },
  battle_finished: { status: 409, ru: 'Батл уже завершён', en: 'The battle has already finished' },
  battle_cancelled: { status: 409, ru: 'Батл отменён', en: 'The battle was cancelled' },
  battle_not_creator: { status: 403, ru: 'Это может сделать только создатель батла', en: 'Only the battle creator can do that' },
  battle_not_member: { status: 403, ru: 'Вы не участвуете в этом батле', en: 'You are not in this battle' },
  // Sign-in providers and the account.
  signin_failed: { status: 401, ru: 'Не удалось войти через {provider}, попробуйте ещё раз', en: 'Signing in with {provider} failed, please try again' },
  identity_taken: { status: 409, ru: 'Этот аккаунт {provider} уже привязан к другому профилю', en: 'This {provider} account is already linked to another profile' },
  identity_last: { status: 409, ru: 'Это единственный способ входа в аккаунт: сначала привяжите другой', en: 'This is your only way to sign in: link another one first' },
  profile_nickname: { status: 422, ru: 'Никнейм: от 3 до 24 букв, цифр, пробелов, _ . -', en: 'A nickname is 3 to 24 letters, digits, spaces, _ . -' },
  profile_name: { status: 422, ru: 'Имя и фамилия: только буквы, до 50 символов', en: 'First and last name: letters only, up to 50 characters' },
  profile_email: { status: 422, ru: 'Проверьте адрес электронной почты', en: 'Please check the e-mail address' },
  profile_city: { status: 422, ru: 'Город: только буквы, до 60 символов', en: 'City: letters only, up to 60 characters' },
  profile_country: { status: 422, ru: 'Выберите страну из списка', en: 'Choose a country from the list' },
  email_not_confirmed: { status: 409, ru: 'Сначала подтвердите адрес электронной почты', en: 'Confirm your e-mail address first' },
  email_link_invalid: { status: 410, ru: 'Ссылка подтверждения устарела или уже использована', en: 'This confirmation link has expired or was already used' },
  email_too_often: { status: 429, ru: 'Письмо уже отправлено, повторить можно через минуту', en: 'The e-mail was just sent; you can resend it in a minute' },
  provider_not_linked: { status: 409, ru: 'Сначала привяжите аккаунт {provider}', en: 'Link your {provider} account first' },
  mission_not_done: { status: 409, ru: 'Задание ещё не выполнено', en: 'This mission is not complete yet' },
  mission_claimed: { status: 409, ru: 'Награда за задание уже получена', en: 'This mission’s reward is already claimed' },
  // Push notifications (decision 027): a subscription must name a push service the store can reach.
  push_service_unknown: { status: 422, ru: 'Этот браузер использует неизвестную службу уведомлений', en: 'This browser uses a push service the store does not know' },
  social_account_rewarded: { status: 409, ru: 'Этот аккаунт {provider} уже получил награду за сообщество на другом профиле', en: 'This {provider} account already earned the community reward on another profile' },
  social_not_member: { status: 409, ru: 'Вы ещё не вступили в сообщество', en: 'You have not joined the community yet' },
  social_check_failed: { status: 503, ru: 'Сеть сейчас не отвечает, проверьте позже', en: 'The network is not answering right now; check again later' },
  // Telegram notifications (decision 073): linking needs the store's bot; Telegram's webhook proves itself by its secret.
  telegram_unavailable: { status: 409, ru: 'Уведомления в Telegram пока не подключены', en: 'Telegram notifications are not available yet' },
  telegram_webhook_refused: { status: 401, ru: 'Запрос не от Telegram', en: 'Not a request from Telegram' },
  // A reminder letter's one-click unsubscribe link that this store did not sign.
  unsubscribe_link_invalid: { status: 400, ru: 'Ссылка для отписки неверна: отключите письма в настройках уведомлений', en: 'This unsubscribe link is not valid: turn the letters off in your notification settings' },
  // The operator console (decision 029).
  operator_only: { status: 403, ru: 'Это доступно только операторам магазина', en: 'Only the store’s operators can do that' },
  admin_only: { status: 403, ru: 'Это доступно только администраторам', en: 'Only administrators can do that' },
  account_blocked: { status: 403, ru: 'Аккаунт заблокирован. Напишите в поддержку', en: 'This account is blocked. Please contact support' },
  // The operators' ranks (decision 059).
  operator_rank: {
    status: 403,
    ru: 'Нельзя действовать против своего аккаунта или оператора с такими же или большими правами',
    en: 'You cannot act on your own account or on an operator of your role or above',
  },
  last_admin: {
    status: 403,
    ru: 'Это последний действующий администратор: его нельзя заблокировать или лишить роли',
    en: 'This is the last acting administrator: it cannot be blocked or lose its role',
  },
  // The console's dashboard (decision 031): from ≤ to, at most {max} days.
  dashboard_period_invalid: {
    status: 400,
    ru: 'Период задан неверно: начало не позже конца, не больше {max} дней',
    en: 'The period is invalid: the start must not be after the end, and it spans at most {max} days',
  },
  // The console's cases and odds (decision 029); `params.problems` lists what is wrong with a table.
  odds_invalid: {
    status: 400,
    ru: 'Таблица шансов неверна: диапазоны целых билетов должны покрывать 1–100000 без пропусков и пересечений, каждый со своим предметом',
    en: 'The odds table is invalid: whole-ticket ranges must cover 1–100000 with no gap or overlap, each naming a known item',
  },
  rtp_needs_confirmation: {
    status: 409,
    ru: 'Возврат игроку {rtp}% вне диапазона {min}–{max}%: подтвердите изменение',
    en: 'The return to player {rtp}% is outside {min}–{max}%: confirm the change',
  },
  section_not_found: { status: 404, ru: 'Раздел не найден', en: 'Section not found' },
  case_opens_limit_below_count: {
    status: 409,
    ru: 'Лимит открытий не может быть меньше уже сделанных открытий ({opened})',
    en: 'The opens limit cannot be below the openings already made ({opened})',
  },
  case_slug_taken: { status: 409, ru: 'Кейс с таким адресом уже есть', en: 'A case with this address already exists' },
  // The console's payment settings (decision 076); `params.problems` lists each field's problem.
  payment_settings_invalid: {
    status: 400,
    ru: 'Настройки платежей неверны: исправьте отмеченные поля',
    en: 'The payment settings are invalid: correct the marked fields',
  },
  payment_settings_stale: {
    status: 409,
    ru: 'Пока вы редактировали, сохранили версию {current}: откройте её и внесите изменения заново',
    en: 'Version {current} was saved while you were editing: open it and make your changes again',
  },
  payment_settings_not_found: { status: 404, ru: 'Такой версии настроек платежей нет', en: 'No such payment settings version' },
  // The console's prices page (decision 078).
  price_proposal_not_found: { status: 404, ru: 'Для этого кейса нет предложенных шансов', en: 'There are no proposed odds for this case' },
  price_proposal_stale: {
    status: 409,
    ru: 'Кейс или цены изменились после расчёта предложения: дождитесь следующего прогона цен',
    en: 'The case or the prices changed since the proposal was made: wait for the next price run',
  },
  price_list_unavailable: { status: 503, ru: 'Прайс-лист маркета сейчас недоступен: прогон записан как неудачный', en: "The market's price list is unavailable right now: the run is recorded as failed" },
  // The console's withdrawal queue (decision 032).
  withdrawal_not_found: { status: 404, ru: 'Вывод не найден', en: 'Withdrawal not found' },
  withdrawal_state_conflict: {
    status: 409,
    ru: 'Этот вывод уже в состоянии «{state}»: так с ним поступить нельзя',
    en: 'This withdrawal is already “{state}”: that cannot be done to it',
  },
  withdrawal_busy: { status: 409, ru: 'С выводом сейчас работает очередь, попробуйте через минуту', en: 'The queue is working on this withdrawal; try again in a minute' },
  withdrawal_item_gone: { status: 409, ru: 'Предмета больше нет в инвентаре игрока', en: 'The item is no longer in the player’s inventory' },
  // A refund asks the marketplace first: never while its order may still deliver the skin.
  withdrawal_delivered_at_market: {
    status: 409,
    ru: 'Маркет сообщает, что скин уже доставлен игроку: вернуть предмет нельзя, отметьте вывод доставленным',
    en: 'The marketplace says the skin was delivered to the player: it cannot be refunded; mark the withdrawal delivered instead',
  },
  withdrawal_market_pending: {
    status: 409,
    ru: 'Заказ на маркете ещё не завершён или маркет не ответил: скин ещё может прийти игроку, вернуть предмет сейчас нельзя',
    en: 'The marketplace order is still live, or the marketplace did not answer: the skin may still reach the player, so it cannot be refunded now',
  },
  // The console's promotions (decision 033).
  promo_code_taken: { status: 409, ru: 'Такой промокод уже есть', en: 'This promo code already exists' },
  promo_kind_fixed: { status: 409, ru: 'Тип промокода нельзя изменить', en: 'A promo code’s kind cannot be changed' },
  promo_limit_below_uses: {
    status: 409,
    ru: 'Общий лимит не может быть меньше уже сделанных использований ({uses})',
    en: 'The total limit cannot be below the uses already made ({uses})',
  },
  promotion_dates_order: { status: 400, ru: 'Окончание должно быть позже начала', en: 'The end must be after the start' },
  leaderboard_not_running: { status: 409, ru: 'Этот рейтинг уже закончился', en: 'This leaderboard has already ended' },
  // The console's events (decision 035).
  event_slug_taken: { status: 409, ru: 'Событие с таким адресом уже есть', en: 'An event with this slug already exists' },
  event_closed: { status: 409, ru: 'Событие уже закрыто: его розыгрыш проведён', en: 'The event is closed: its raffle has been drawn' },
  event_started: { status: 409, ru: 'Событие уже началось: начало больше не переносится', en: 'The event has started: its start can no longer move' },
  event_ended: { status: 409, ru: 'Событие уже закончилось', en: 'The event has already ended' },
  event_upcoming: { status: 409, ru: 'Событие ещё не началось: перенесите его даты', en: 'The event has not started yet: move its dates instead' },
  event_time_past: { status: 400, ru: 'Время должно быть в будущем', en: 'The time must be in the future' },
  offer_name_taken: { status: 409, ru: 'Предложение с таким именем уже есть', en: 'An offer with this name already exists' },
  offer_price_above_old: { status: 409, ru: 'Старая цена не может быть ниже цены', en: 'The old price cannot be below the price' },
  offer_limit_below_sold: {
    status: 409,
    ru: 'Лимит продаж не может быть меньше уже проданного ({sold})',
    en: 'The sales limit cannot be below what was already sold ({sold})',
  },
} as const satisfies Record<string, ErrorDef>;

export type ErrorCode = keyof typeof errorCatalogue;

// Every refusal the payment rules name has its text here (a type error otherwise).
const paymentRefusalsCovered: Record<PromoError | AmountError, ErrorDef> = errorCatalogue;
void paymentRefusalsCovered;

export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && Object.hasOwn(errorCatalogue, code);

/** Fills `{name}` placeholders from params; unknown placeholders stay as they are. */
export function interpolate(text: string, params: Record<string, unknown> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    params[key] === undefined ? whole : String(params[key]),
  );
}

export function errorMessage(code: ErrorCode, lang: Lang, params?: Record<string, unknown>): string {
  return interpolate(errorCatalogue[code][lang], params);
}

/** Picks the message language from an X-Client-Language value: Russian unless English asked. */
export function pickLang(header: string | undefined | null): Lang {
  return header?.toLowerCase().startsWith('en') ? 'en' : 'ru';
}
