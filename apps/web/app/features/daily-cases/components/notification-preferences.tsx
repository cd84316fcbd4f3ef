import { useState } from 'react';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from '@store/shared/levels';
import { useAlert } from '#app/components/alerts.tsx';
import { useNotificationPreferences } from '../api/get-notification-preferences.ts';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences.ts';
import { TelegramLink } from './telegram-link.tsx';
import { useT } from '#app/lib/use-t.ts';

/** Where the player wants to hear that a level case is ready again: one switch per channel. */
export function NotificationPreferences() {
  const t = useT();
  const alert = useAlert();
  const prefs = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  // A switch moves at once; the server's answer then holds it, or a refusal moves it back.
  const [moving, setMoving] = useState<Partial<Record<NotificationChannel, boolean>>>({});
  const toggle = (ch: NotificationChannel, on: boolean) => {
    setMoving((m) => ({ ...m, [ch]: on }));
    update.mutate(
      { [ch]: on },
      {
        onError: (e) => alert.error(e.message),
        onSettled: () => setMoving(({ [ch]: _done, ...rest }) => rest),
      },
    );
  };
  return (
    <section className="daily-notify" data-testid="daily-notifications">
      <h2>{t('daily.notifyTitle')}</h2>
      <p className="muted">{t('daily.notifyText')}</p>
      <div className="daily-notify__list">
        {NOTIFICATION_CHANNELS.map((ch) => (
          <label key={ch} className="toggle">
            <input
              type="checkbox"
              role="switch"
              checked={moving[ch] ?? prefs.data?.[ch] ?? false}
              disabled={!prefs.data}
              onChange={(e) => toggle(ch, e.target.checked)}
              data-testid={`notify-${ch}`}
            />
            <span className="toggle__track" aria-hidden="true" />
            <span>{t(`daily.channels.${ch}`)}</span>
          </label>
        ))}
      </div>
      <TelegramLink />
    </section>
  );
}
