import type { Lang } from '@store/shared/errors';
import type { PushMissionType } from '@store/shared/pwa';

type Text = Record<Lang, { name: string; description: string }>;

/** The push missions as the missions block shows them, Russian first. */
export const PUSH_MISSION_TEXTS: Record<PushMissionType, Text> = {
  push: {
    ru: { name: 'Включите уведомления', description: 'Разрешите уведомления на сайте и откройте первое уведомление от нас' },
    en: { name: 'Turn on notifications', description: 'Allow notifications on the site and open the first one we send you' },
  },
  pushPWA: {
    ru: { name: 'Уведомления в приложении', description: 'Установите приложение магазина, включите в нём уведомления и откройте первое' },
    en: { name: 'Notifications in the app', description: 'Install the store’s app, turn on notifications in it and open the first one' },
  },
};

/** Spec §7's data.msg: where the player stands, by progress (3 and paid are the last two). */
export const PUSH_MISSION_STATUS: Record<Lang, readonly [string, string, string, string, string]> = {
  ru: [
    'Включите уведомления, чтобы начать задание',
    'Уведомления включены: первое уже в пути',
    'Откройте уведомление от магазина',
    'Задание выполнено: заберите награду',
    'Награда за задание получена',
  ],
  en: [
    'Turn on notifications to start the mission',
    'Notifications are on: the first one is on its way',
    'Open a notification from the store',
    'Mission complete: collect your reward',
    'The mission’s reward is collected',
  ],
};

export const claimedMessage = (lang: Lang, prize: string): string =>
  lang === 'ru' ? `Награда ${prize} зачислена на баланс` : `${prize} has been added to your balance`;

export type PushKind = 'welcome' | 'test';

/** The notifications themselves, in the player's language. */
export const PUSH_TEXTS: Record<PushKind, Record<Lang, { title: string; body: string }>> = {
  welcome: {
    ru: { title: 'Уведомления включены', body: 'Мы напишем, когда будет готов ежедневный кейс, начнётся событие или придёт награда.' },
    en: { title: 'Notifications are on', body: 'We will let you know when your daily case is ready, an event starts or a reward arrives.' },
  },
  test: {
    ru: { title: 'Проверка уведомлений', body: 'Это проверочное уведомление магазина: доставка работает.' },
    en: { title: 'Notification check', body: 'This is a test notification from the store: delivery works.' },
  },
};
