import type { SubscriptionChannel } from '@store/shared/account';
import { useSetSubscription, useSubscriptions, type SubscriptionsData } from '../api/get-subscriptions.ts';
import { SettingsCard } from './settings-card.tsx';
import { useT } from '#app/lib/use-t.ts';

/** A switch per channel the store writes through; a channel that needs something first says what. */
export function SubscriptionsSection({ initial }: { initial: SubscriptionsData }) {
  const t = useT();
  const { data } = useSubscriptions(initial);
  const set = useSetSubscription();
  const toggle = (channel: SubscriptionChannel, subscribed: boolean) => set.mutate({ channel, subscribed });

  return (
    <SettingsCard title={t('account.subs.title')} testId="settings-subscriptions">
      <ul className="methods">
        {data.mine.map((s) => {
          const url = data.variants.find((v) => v.channel === s.channel)?.url;
          const blocked = !s.subscribed && s.requirement !== null;
          return (
            <li key={s.channel} className="methods__row" data-testid={`sub-${s.channel}`}>
              <span className="methods__who">
                <b>{t(`account.subs.channels.${s.channel}`)}</b>
                {blocked ? (
                  <span className="muted methods__note" data-testid={`sub-${s.channel}-requirement`}>
                    {s.requirement === 'email_not_confirmed' ? t('account.subs.needEmail') : t('account.subs.needProvider', { provider: t(`account.providers.${s.channel}`) })}
                  </span>
                ) : (
                  s.channel === 'telegram' &&
                  url && (
                    <a className="muted" href={url} target="_blank" rel="noreferrer noopener">
                      {t('account.subs.openBot')}
                    </a>
                  )
                )}
              </span>
              <label className="switch">
                <input type="checkbox" role="switch" checked={s.subscribed} disabled={blocked || set.isPending} onChange={(e) => toggle(s.channel, e.target.checked)} data-testid={`sub-${s.channel}-toggle`} />
                <span className="switch__track" aria-hidden="true" />
                <span className="visually-hidden">{t(`account.subs.channels.${s.channel}`)}</span>
              </label>
            </li>
          );
        })}
      </ul>
      {set.error && (
        <p className="form-error" role="alert">
          {set.error.message}
        </p>
      )}
    </SettingsCard>
  );
}
