import type { FastMissionType, SocialMissionType } from '@store/shared/account';
import type { Lang } from '@store/shared/errors';

type Text = Record<Lang, { name: string; description: string }>;

/** What the missions block shows for each mission, Russian first. */
export const FAST_MISSION_TEXTS: Record<FastMissionType, Text> = {
  email: {
    ru: { name: 'Подтвердите почту', description: 'Укажите адрес электронной почты в настройках и откройте ссылку из письма' },
    en: { name: 'Confirm your e-mail', description: 'Add your e-mail address in the settings and open the link in our letter' },
  },
  trade_link: {
    ru: { name: 'Укажите трейд-ссылку', description: 'Сохраните ссылку на обмен Steam, чтобы выводить предметы' },
    en: { name: 'Add your trade link', description: 'Save your Steam trade link so you can withdraw items' },
  },
  open_cases: {
    ru: { name: 'Откройте 3 кейса', description: 'Откройте любые три кейса' },
    en: { name: 'Open 3 cases', description: 'Open any three cases' },
  },
};

export const SOCIAL_MISSION_TEXTS: Record<SocialMissionType, Text> = {
  steam: {
    ru: { name: 'Вступите в группу Steam', description: 'Вступите в нашу группу Steam с привязанного аккаунта и нажмите «Проверить»' },
    en: { name: 'Join our Steam group', description: 'Join our Steam group with your linked account, then press Check' },
  },
  vk: {
    ru: { name: 'Вступите в сообщество ВКонтакте', description: 'Вступите в наше сообщество ВКонтакте с привязанного аккаунта и нажмите «Проверить»' },
    en: { name: 'Join our VK community', description: 'Join our VK community with your linked account, then press Check' },
  },
};
