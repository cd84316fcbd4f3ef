import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@store/shared/money';
import { ADJUSTMENT_REASON } from '@store/shared/operators';
import { useAlert } from '#app/components/alerts.tsx';
import { Pager } from '#app/components/pager.tsx';
import { ApiError } from '#app/lib/api.ts';
import { formatDateTime } from '#app/lib/format-date.ts';
import { useLang } from '#app/lib/use-lang.ts';
import {
  RECORDS_PER_PAGE,
  usePlayerPages,
  usePlayerSessions,
  usePromoUses,
  useRevokeSession,
  type PlayerGamesData,
  type PlayerItemsData,
} from '../api/get-player-records.ts';
import { pageCount } from '../utils/audit-filter.ts';

/** The records an operator looks through on a player's page, one tab at a time (the ledger is the first). */
export const RECORD_TABS = ['ledger', 'items', 'games', 'sessions', 'promo'] as const;
export type RecordTab = (typeof RECORD_TABS)[number];

export function RecordTabs({ tab, onTab }: { tab: RecordTab; onTab: (tab: RecordTab) => void }) {
  const { t } = useTranslation();
  return (
    <div className="tabs console-tabs" role="tablist" aria-label={t('admin.records.label')}>
      {RECORD_TABS.map((key) => (
        <button
          key={key}
          type="button"
          role="tab"
          aria-selected={tab === key}
          className={tab === key ? 'on' : undefined}
          onClick={() => onTab(key)}
          data-testid={`records-tab-${key}`}
        >
          {t(`admin.records.tabs.${key}`)}
        </button>
      ))}
    </div>
  );
}

/** Every item the player ever had: what it is worth, where it came from, what became of it and each withdrawal's fate. */
export function PlayerItems({ playerId }: { playerId: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [page, setPage] = useState(1);
  const { data } = usePlayerPages<PlayerItemsData>(playerId, 'items', page);
  return (
    <section className="console-card" data-testid="player-items" aria-label={t('admin.records.tabs.items')}>
      {!data ? (
        <p className="muted">{t('admin.records.loading')}</p>
      ) : data.items.length === 0 ? (
        <p className="empty empty--small">{t('admin.records.noItems')}</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <thead>
              <tr>
                <th>{t('admin.records.item')}</th>
                <th className="num">{t('admin.records.price')}</th>
                <th>{t('admin.records.status')}</th>
                <th>{t('admin.records.source')}</th>
                <th>{t('admin.records.withdrawals')}</th>
                <th>{t('admin.records.changed')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((i) => (
                <tr key={i.id} data-testid="player-item" data-status={i.status}>
                  <td className="console-table__wrap">
                    {i.name} <span className="muted">#{i.id}</span>
                  </td>
                  <td className="num">{formatAmount(i.price, { locale: lang })}</td>
                  <td>
                    <code>{i.status}</code>
                  </td>
                  <td className="console-table__wrap">
                    <code>{i.source}</code> <span className="muted">{i.sourceRef}</span>
                  </td>
                  <td className="console-table__wrap">
                    {i.withdrawals.length === 0
                      ? '—'
                      : i.withdrawals.map((w) => (
                          <div key={w.id}>
                            <code>{w.state}</code>
                            {w.reason && <span className="muted"> {w.reason}</span>}
                            <span className="muted"> · {t('admin.records.attempts', { count: w.attempts })}</span>
                          </div>
                        ))}
                  </td>
                  <td>{formatDateTime(i.updatedAt, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pager page={page} pages={pageCount(data.total, RECORDS_PER_PAGE)} onPage={setPage} label={t('admin.records.tabs.items')} />}
    </section>
  );
}

/** The player's openings and games from the activity stream: what went in and what came back. */
export function PlayerGames({ playerId }: { playerId: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [page, setPage] = useState(1);
  const { data } = usePlayerPages<PlayerGamesData>(playerId, 'games', page);
  return (
    <section className="console-card" data-testid="player-games" aria-label={t('admin.records.tabs.games')}>
      {!data ? (
        <p className="muted">{t('admin.records.loading')}</p>
      ) : data.items.length === 0 ? (
        <p className="empty empty--small">{t('admin.records.noGames')}</p>
      ) : (
        <div className="console-table-wrap">
          <table className="console-table">
            <thead>
              <tr>
                <th>{t('admin.ledger.when')}</th>
                <th>{t('admin.records.kind')}</th>
                <th className="num">{t('admin.records.stake')}</th>
                <th className="num">{t('admin.records.won')}</th>
                <th className="num">{t('admin.records.count')}</th>
                <th>{t('admin.ledger.ref')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((g) => (
                <tr key={g.id} data-testid="player-game" data-kind={g.kind}>
                  <td>{formatDateTime(g.at, lang)}</td>
                  <td>
                    <code>{g.kind}</code>
                  </td>
                  <td className="num">{formatAmount(g.amount, { locale: lang })}</td>
                  <td className={g.won > g.amount ? 'num win' : 'num'}>{formatAmount(g.won, { locale: lang })}</td>
                  <td className="num">{g.count}</td>
                  <td className="console-table__wrap">
                    <code>{g.ref}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <Pager page={page} pages={pageCount(data.total, RECORDS_PER_PAGE)} onPage={setPage} label={t('admin.records.tabs.games')} />}
    </section>
  );
}

const reasonFits = (reason: string) => reason.trim().length >= ADJUSTMENT_REASON.min && reason.trim().length <= ADJUSTMENT_REASON.max;

/** The player's open sessions; an operator who may ends one with a reason (a stolen laptop), and that browser is signed out at once. */
export function PlayerSessions({ playerId, mayRevoke }: { playerId: number; mayRevoke: boolean }) {
  const { t } = useTranslation();
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
                    <button type="submit" className="btn btn--danger btn--s" disabled={revoke.isPending} data-testid="session-revoke-confirm">
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

/** The promo codes the player used, with what each credited, and the code waiting for their next deposit. */
export function PlayerPromoUses({ playerId }: { playerId: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { data } = usePromoUses(playerId);
  return (
    <section className="console-card" data-testid="player-promo" aria-label={t('admin.records.tabs.promo')}>
      {!data ? (
        <p className="muted">{t('admin.records.loading')}</p>
      ) : (
        <>
          {data.pending && (
            <p className="console-note" data-testid="promo-pending">
              {t('admin.records.pending', { code: data.pending.code, at: formatDateTime(data.pending.appliedAt, lang) })}
            </p>
          )}
          {data.items.length === 0 ? (
            <p className="empty empty--small">{t('admin.records.noPromo')}</p>
          ) : (
            <div className="console-table-wrap">
              <table className="console-table">
                <thead>
                  <tr>
                    <th>{t('admin.ledger.when')}</th>
                    <th>{t('admin.records.code')}</th>
                    <th className="num">{t('admin.records.credited')}</th>
                    <th>{t('admin.records.order')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((u) => (
                    <tr key={u.id} data-testid="promo-use">
                      <td>{formatDateTime(u.at, lang)}</td>
                      <td>
                        <code>{u.code}</code>
                      </td>
                      <td className="num">{formatAmount(u.credited, { locale: lang })}</td>
                      <td className="console-table__wrap">{u.orderId ? <code>{u.orderId}</code> : t('admin.records.instant')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
