import { useState, type FormEvent } from 'react';
import { ADJUSTMENT_REASON } from '@store/shared/operators';
import { useAlert } from '#app/components/alerts.tsx';
import { ApiError } from '#app/lib/api.ts';
import { formatDateTime } from '@store/shared/format/dates';
import { useLang } from '#app/lib/use-lang.ts';
import { usePlayerSessions, useRevokeSession } from '../api/get-player-records.ts';
import { useT } from '#app/lib/use-t.ts';

const reasonFits = (reason: string) => reason.trim().length >= ADJUSTMENT_REASON.min && reason.trim().length <= ADJUSTMENT_REASON.max;

/** The player's open sessions; an operator who may ends one with a reason (a stolen laptop), and that browser is signed out at once. */
export function PlayerSessions({ playerId, mayRevoke }: { playerId: number; mayRevoke: boolean }) {
  const t = useT();
  const lang = useLang();
  const alert = useAlert();
  const { data } = usePlayerSessions(playerId);
  const revoke = useRevokeSession(playerId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [short, setShort] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return;
    if (!reasonFits(reason)) return setShort(true);
    setShort(false);
    revoke.mutate(
      { sessionId: chosen, reason: reason.trim() },
      {
        onSuccess: (r) => {
          setChosen(null);
          setReason('');
          alert.success(t(r.revoked ? 'admin.records.revoked' : 'admin.records.alreadyEnded'));
        },
        onError: (err) => alert.error(err instanceof ApiError ? err.message : t('error.title')),
      },
    );
  };

  return (
    <section className="console-card" data-testid="player-sessions" aria-label={t('admin.records.tabs.sessions')}>
      {!data ? (
        <p className="muted">{t('admin.records.loading')}</p>
      ) : data.sessions.length === 0 ? (
        <p className="empty empty--small">{t('admin.records.noSessions')}</p>
      ) : (
        <ul className="console-sessions">
          {data.sessions.map((s) => (
            <li key={s.id} data-testid="player-session">
              <div>
                <strong>{formatDateTime(s.createdAt, lang)}</strong>
                <div className="muted console-table__wrap">{s.userAgent ?? t('admin.records.unknownBrowser')}</div>
              </div>
              {mayRevoke && chosen !== s.id && (
                <button type="button" className="btn btn--secondary btn--s" onClick={() => setChosen(s.id)} data-testid="session-revoke">
                  {t('admin.records.revoke')}
                </button>
              )}
              {chosen === s.id && (
                <form className="console-form console-sessions__form" onSubmit={submit} noValidate>
                  <label className="field">
                    <span className="field__label">{t('admin.block.reason')}</span>
                    <input
                      value={reason}
                      onChange={(e) => setReason(e.target.value)}
                      maxLength={ADJUSTMENT_REASON.max}
                      aria-invalid={short}
                      data-testid="session-reason"
                      autoFocus
                    />
                  </label>
                  {short && (
                    <p className="form-error" role="alert">
                      {t('admin.block.reasonShort')}
                    </p>
                  )}
                  <div className="console-sessions__actions">
                    <button
                      type="submit"
                      className="btn btn--danger btn--s"
                      disabled={revoke.isPending}
                      data-testid="session-revoke-confirm"
                    >
                      {t('admin.records.revokeConfirm')}
                    </button>
                    <button type="button" className="btn btn--secondary btn--s" onClick={() => setChosen(null)}>
                      {t('admin.records.cancel')}
                    </button>
                  </div>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
