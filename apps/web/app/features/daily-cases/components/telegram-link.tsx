import { useState } from 'react';
import type { TelegramLinkState } from '@store/shared/api/notifications';
import { useAlert } from '#app/components/alerts.tsx';
import { useTelegramLink } from '../api/get-telegram-link.ts';
import { useLinkTelegram } from '../api/link-telegram.ts';
import { useUnlinkTelegram } from '../api/unlink-telegram.ts';
import { useT } from '#app/lib/use-t.ts';

/** What the Telegram row shows: nothing without a bot, the linked chat, or the way to (re)connect. */
export function telegramView(state: Pick<TelegramLinkState, 'available' | 'linked' | 'refused'> | undefined): 'hidden' | 'linked' | 'connect' | 'reconnect' {
  if (!state?.available) return 'hidden';
  if (state.linked && !state.refused) return 'linked';
  return state.refused ? 'reconnect' : 'connect';
}

/**
 * The player's chat with the store's Telegram bot, beside the Telegram switch: "Connect Telegram"
 * opens the bot's one-time deep link (the player presses Start there), then the linked state.
 * Hidden when the store has no bot.
 */
export function TelegramLink() {
  const t = useT();
  const alert = useAlert();
  const [deepLink, setDeepLink] = useState<string | null>(null);
  const state = useTelegramLink({ waiting: deepLink !== null });
  const link = useLinkTelegram();
  const unlink = useUnlinkTelegram();
  const view = telegramView(state.data);
  if (view === 'hidden') return null;
  const connect = () =>
    link.mutate(undefined, {
      onSuccess: ({ link: url }) => {
        setDeepLink(url);
        window.open(url, '_blank', 'noopener');
      },
      onError: (e) => alert.error(e.message),
    });
  if (view === 'linked') {
    return (
      <div className="daily-notify__telegram" data-testid="telegram-linked">
        <span>{t('daily.telegram.linked')}</span>
        <button type="button" className="btn btn--secondary btn--s" disabled={unlink.isPending} onClick={() => unlink.mutate(undefined, { onError: (e) => alert.error(e.message) })}>
          {t('daily.telegram.unlink')}
        </button>
      </div>
    );
  }
  return (
    <div className="daily-notify__telegram" data-testid="telegram-link">
      <span className="muted">{view === 'reconnect' ? t('daily.telegram.refused') : t('daily.telegram.hint')}</span>
      <button type="button" className="btn btn--accent btn--s" disabled={link.isPending} onClick={connect} data-testid="telegram-connect">
        {t('daily.telegram.connect')}
      </button>
      {deepLink && (
        <a href={deepLink} target="_blank" rel="noopener noreferrer" data-testid="telegram-deep-link">
          {t('daily.telegram.open')}
        </a>
      )}
    </div>
  );
}
