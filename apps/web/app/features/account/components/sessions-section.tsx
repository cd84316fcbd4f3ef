import type { ReactNode } from 'react';
import { formatDateTime } from '@store/shared/format/dates';
import { useLang } from '#app/lib/use-lang.ts';
import { useSessions, type SessionsData } from '../api/get-sessions.ts';
import { useRevokeSession } from '../api/revoke-session.ts';
import { deviceOf } from '../utils/device.ts';
import { SettingsCard } from './settings-card.tsx';
import { useT } from '#app/lib/use-t.ts';

/** Where the player is signed in: this browser first and marked; any other can be ended; `everywhere` ends them all. */
export function SessionsSection({ initial, everywhere }: { initial: SessionsData; everywhere: ReactNode }) {
  const t = useT();
  const lang = useLang();
  const { data } = useSessions(initial);
  const revoke = useRevokeSession();
  const sessions = [...data.sessions].sort((a, b) => Number(b.current) - Number(a.current) || b.createdAt.localeCompare(a.createdAt));

  return (
    <SettingsCard title={t('account.sessions.title')} testId="settings-sessions">
      <ul className="methods">
        {sessions.map((s) => (
          <li key={s.id} className="methods__row" data-testid="session-row" data-current={s.current}>
            <span className="methods__who">
              <b>{deviceOf(s.userAgent) ?? t('account.sessions.unknown')}</b>
              <span className="muted">{t('account.sessions.since', { date: formatDateTime(s.createdAt, lang) })}</span>
            </span>
            {s.current ? (
              <span className="badge badge--confirmed">{t('account.sessions.current')}</span>
            ) : (
              <button type="button" className="btn btn--secondary btn--s" disabled={revoke.isPending} onClick={() => revoke.mutate(s.id)} data-testid="session-revoke">
                {t('account.sessions.revoke')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {revoke.error && (
        <p className="form-error" role="alert">
          {revoke.error.message}
        </p>
      )}
      <div className="settings-card__foot">{everywhere}</div>
    </SettingsCard>
  );
}
