import { useState, type FormEvent } from 'react';
import { formatDateTimeUtc } from '@store/shared/format/dates';
import { LEADERBOARD_TYPES, type LeaderboardType } from '@store/shared/leaderboards';
import { formatAmount } from '@store/shared/money';
import { useAlert } from '#app/components/alerts.tsx';
import { ApiError } from '#app/lib/api.ts';
import { useLang } from '#app/lib/use-lang.ts';
import { useCreateLeaderboard } from '../api/leaderboard-create.ts';
import { useEndLeaderboard } from '../api/leaderboard-end.ts';
import type { LeaderboardData } from '../api/leaderboard-list.ts';
import { FormButtons } from './form-buttons.tsx';
import { useT } from '#app/lib/use-t.ts';

/** A new board from now: what it counts, its titles, how long it runs and how many prize places. */
export function LeaderboardCreateForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const alert = useAlert();
  const create = useCreateLeaderboard();
  const [form, setForm] = useState({ type: 'spent' as LeaderboardType, titleRu: '', titleEn: '', hours: '168', prizes: '10' });
  const [problem, setProblem] = useState(false);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => (setForm((f) => ({ ...f, [k]: e.target.value })), setProblem(false));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const hours = Number(form.hours);
    const prizes = Number(form.prizes);
    if (!form.titleRu.trim() || !form.titleEn.trim() || !(hours > 0) || !Number.isInteger(prizes) || prizes < 0 || prizes > 100) return setProblem(true);
    create.mutate(
      { type: form.type, title_ru: form.titleRu.trim(), title_en: form.titleEn.trim(), hours, prizes },
      {
        onSuccess: (b) => (alert.success(t('admin.leaderboards.created', { id: b.id })), onDone()),
        onError: (err) => alert.error(err instanceof ApiError ? err.message : t('error.title')),
      },
    );
  };
  const input = (k: 'titleRu' | 'titleEn' | 'hours' | 'prizes') => (
    <label className="field">
      <span className="field__label">{t(`admin.leaderboards.fields.${k}`)}</span>
      <input value={form[k]} onChange={set(k)} inputMode={k === 'hours' || k === 'prizes' ? 'numeric' : undefined} data-testid={`leaderboard-${k}`} />
    </label>
  );
  return (
    <form className="console-form promo-form" onSubmit={submit} noValidate data-testid="leaderboard-create-form">
      <h2>{t('admin.leaderboards.new')}</h2>
      <div className="promo-form__grid">
        <label className="field">
          <span className="field__label">{t('admin.leaderboards.fields.type')}</span>
          <select className="console-select" value={form.type} onChange={set('type')} data-testid="leaderboard-type">
            {LEADERBOARD_TYPES.map((k) => (
              <option key={k} value={k}>
                {t(`admin.leaderboards.types.${k}`)}
              </option>
            ))}
          </select>
        </label>
        {input('titleRu')}
        {input('titleEn')}
        {input('hours')}
        {input('prizes')}
      </div>
      {problem && (
        <p className="console-note console-note--danger" role="alert" data-testid="leaderboard-problem">
          {t('admin.leaderboards.problem')}
        </p>
      )}
      <FormButtons label={t('admin.leaderboards.create')} pending={create.isPending} testId="leaderboard" onCancel={onDone} />
    </form>
  );
}

/** Every board, newest first: what it counts, its period and state, who plays and what it paid; an admin ends a running one early. */
export function LeaderboardTable({ boards, canChange }: { boards: LeaderboardData[]; canChange: boolean }) {
  const t = useT();
  const lang = useLang();
  const alert = useAlert();
  const end = useEndLeaderboard();
  const when = (iso: string) => formatDateTimeUtc(iso, lang);
  const endBoard = (b: LeaderboardData) =>
    end.mutate(b.id, {
      onSuccess: () => alert.success(t('admin.leaderboards.ended', { id: b.id })),
      onError: (e) => alert.error(e instanceof ApiError ? e.message : t('error.title')),
    });
  return (
    <section className="console-card" data-testid="leaderboard-list" aria-label={t('admin.leaderboards.title')}>
      <div className="console-table-wrap">
        <table className="console-table">
          <thead>
            <tr>
              <th>{t('admin.leaderboards.list.board')}</th>
              <th>{t('admin.leaderboards.list.period')}</th>
              <th className="num">{t('admin.leaderboards.list.participants')}</th>
              <th className="num">{t('admin.leaderboards.list.prizes')}</th>
              <th className="num">{t('admin.leaderboards.list.paid')}</th>
              {canChange && <th aria-hidden="true" />}
            </tr>
          </thead>
          <tbody>
            {boards.map((b) => (
              <tr key={b.id} data-testid="leaderboard-row" data-id={b.id} data-status={b.status}>
                <td className="console-table__wrap">
                  <div className="promo-table__code">
                    <b>{lang === 'en' ? b.titleEn : b.titleRu}</b>
                    <small className="muted">
                      #{b.id} · {t(`admin.leaderboards.types.${b.type}`)}
                      {b.series ? ` · ${b.series}` : ''}
                    </small>
                    <span className={b.status === 'running' ? 'badge badge--confirmed' : 'badge'} data-testid="leaderboard-status">
                      {t(`admin.leaderboards.states.${b.status}`)}
                    </span>
                  </div>
                </td>
                <td className="promo-table__period">
                  <small>
                    {when(b.startsAt)}
                    <br />→ {when(b.endsAt)}
                  </small>
                </td>
                <td className="num" data-testid="leaderboard-participants">
                  {b.usage.participants}
                </td>
                <td className="num">
                  {b.usage.prizesPaid} / {b.usage.places}
                </td>
                <td className="num">{formatAmount(b.usage.paidValue, { locale: lang })}</td>
                {canChange && (
                  <td>
                    {b.status === 'running' && (
                      <div className="promo-table__actions">
                        <button type="button" className="btn btn--danger btn--s" disabled={end.isPending} onClick={() => endBoard(b)} data-testid="leaderboard-end">
                          {t('admin.leaderboards.end')}
                        </button>
                      </div>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
