import { useMemo, useState } from 'react';
import { TICKETS } from '@store/shared/constants';
import { sortRanges } from '@store/shared/odds';
import { ADJUSTMENT_REASON } from '@store/shared/operators';
import { useAlert } from '#app/components/alerts.tsx';
import { ApiError } from '#app/lib/api.ts';
import { useChangeOdds } from '../api/odds-change.ts';
import type { CaseData } from '../utils/case-fields.ts';
import { draftOf, guardRangeText, newRowId, percentOf, rowsOfRanges, rtpStanding, withRestOn, type KnownItem, type OddsRow } from '../utils/odds-editor.ts';
import { formatMoney, formatTickets } from '../utils/case-format.ts';
import { needsRtpConfirmation, RtpConfirmDialog } from './case-rtp-confirm.tsx';
import { OddsItemSearch } from './odds-item-search.tsx';
import { OddsSimulation } from './odds-simulation.tsx';
import { useLang } from '#app/lib/use-lang.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * The case's odds table: rows of an item and its chance, each taking the next whole-ticket range,
 * with the expected value and the return to player recomputed as the operator types (the shared
 * `summarizeOdds`, as the server computes them). Saving makes a new odds version; a return to
 * player outside the guard is sent again once the operator confirms it. Support reads it only.
 */
export function OddsEditor({ kase, canChange }: { kase: CaseData; canChange: boolean }) {
  const t = useT();
  const lang = useLang();
  const alert = useAlert();
  const change = useChangeOdds(kase.id);
  const saved = useMemo(() => kase.odds?.ranges ?? [], [kase.odds]);
  const [rows, setRows] = useState<OddsRow[]>(() => rowsOfRanges(saved));
  const [known, setKnown] = useState(() => new Map<string, KnownItem>((kase.odds?.items ?? []).map((l) => [l.item, { name: l.name, price: l.price }])));
  const [reason, setReason] = useState('');
  const [ask, setAsk] = useState<string | null>(null);
  const draft = useMemo(() => draftOf(rows, (item) => known.get(item), kase.price), [rows, known, kase.price]);
  const changed = JSON.stringify(draft.ranges) !== JSON.stringify(sortRanges(saved));
  const reasonText = reason.trim();
  const reasonOk = reasonText === '' || (reasonText.length >= ADJUSTMENT_REASON.min && reasonText.length <= ADJUSTMENT_REASON.max);
  const money = (v: number) => formatMoney(v, lang);
  const rtp = draft.summary?.rtp ?? 0;
  const standing = rtpStanding(rtp);

  const setChance = (id: number, chance: string) => setRows((rs) => rs.map((r) => (r.id === id ? { ...r, chance } : r)));
  const remove = (id: number) => setRows((rs) => rs.filter((r) => r.id !== id));
  const add = (item: string, info: KnownItem) => {
    setKnown((m) => new Map(m).set(item, info));
    setRows((rs) => [...rs, { id: newRowId(), item, chance: '' }]);
  };
  const save = (confirm: boolean) =>
    change.mutate(
      { ranges: draft.ranges, ...(confirm ? { confirm_rtp: true } : {}), ...(reasonText ? { reason: reasonText } : {}) },
      {
        onSuccess: (r) => {
          setAsk(null);
          alert.success(t('admin.cases.odds.saved', { id: r.oddsId, rtp: percentOf(r.rtp, lang) }));
        },
        onError: (e) => {
          if (needsRtpConfirmation(e)) return setAsk(e.message);
          setAsk(null);
          alert.error(e instanceof ApiError ? e.message : t('error.title'));
        },
      },
    );

  return (
    <section className="console-card" data-testid="odds-editor" aria-label={t('admin.cases.odds.title')}>
      <div className="console-card__head">
        <h2>{t('admin.cases.odds.title')}</h2>
        {kase.odds && <span className="badge">{t('admin.cases.odds.version', { id: kase.odds.id })}</span>}
      </div>
      <p className="muted console-hint">{t('admin.cases.odds.hint')}</p>
      <dl className="case-figures" data-testid="odds-figures">
        <div>
          <dt>{t('admin.cases.odds.ev')}</dt>
          <dd data-testid="odds-ev">{money(draft.summary?.expected_value ?? 0)}</dd>
        </div>
        <div>
          <dt>{t('admin.cases.odds.price')}</dt>
          <dd>{money(kase.price)}</dd>
        </div>
        <div className={`case-figures__rtp case-figures__rtp--${kase.rtpGuarded ? standing : 'ok'}`}>
          <dt>{t('admin.cases.odds.rtp')}</dt>
          <dd data-testid="odds-rtp">{percentOf(rtp, lang)}</dd>
        </div>
        <div>
          <dt>{t('admin.cases.odds.savedRtp')}</dt>
          <dd data-testid="odds-saved-rtp">{kase.odds ? percentOf(kase.odds.rtp, lang) : '—'}</dd>
        </div>
        <div className={draft.left === 0 ? '' : 'case-figures__rtp--low'}>
          <dt>{t(draft.left < 0 ? 'admin.cases.odds.over' : 'admin.cases.odds.left')}</dt>
          <dd data-testid="odds-left">{formatTickets(Math.abs(draft.left), lang)}</dd>
        </div>
      </dl>
      {canChange && kase.rtpGuarded && standing !== 'ok' && draft.left === 0 && (
        <p className="console-note console-note--danger" data-testid="odds-guard-note">
          {t('admin.cases.odds.guardNote', { range: guardRangeText() })}
        </p>
      )}
      <div className="console-table-wrap case-odds-wrap">
        <table className="console-table case-odds">
          <thead>
            <tr>
              <th>#</th>
              <th>{t('admin.cases.odds.item')}</th>
              <th className="num">{t('admin.cases.odds.itemPrice')}</th>
              <th>{t('admin.cases.odds.chance')}</th>
              <th className="num">{t('admin.cases.odds.tickets')}</th>
              <th className="num">{t('admin.cases.odds.range')}</th>
              {canChange && <th aria-hidden="true" />}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const line = draft.rows[i]!;
              const info = known.get(row.item);
              return (
                <tr key={row.id} data-testid="odds-row" data-item={row.item} data-bad={line.problems.length > 0}>
                  <td className="muted">{i + 1}</td>
                  <td className="console-table__wrap">
                    <b>{info?.name ?? row.item}</b>
                    <br />
                    <code>{row.item}</code>
                  </td>
                  <td className="num">{info ? money(info.price) : '—'}</td>
                  <td>
                    <label className="case-chance">
                      <input
                        value={row.chance}
                        onChange={(e) => setChance(row.id, e.target.value)}
                        inputMode="decimal"
                        readOnly={!canChange}
                        aria-label={t('admin.cases.odds.chanceOf', { item: info?.name ?? row.item })}
                        aria-invalid={line.problems.length > 0}
                        data-testid="odds-chance"
                      />
                      <span className="muted">%</span>
                    </label>
                    {line.problems.map((p) => (
                      <span key={p} className="form-error case-row-problem" data-testid="odds-row-problem">
                        {t(`admin.cases.odds.problems.${p}`)}
                      </span>
                    ))}
                  </td>
                  <td className="num">{line.tickets === null ? '—' : formatTickets(line.tickets, lang)}</td>
                  <td className="num muted">{line.from === null ? '—' : `${line.from}–${line.to}`}</td>
                  {canChange && (
                    <td>
                      <div className="console-actions console-actions--tight">
                        {draft.left !== 0 && (
                          <button type="button" className="btn btn--secondary btn--s" onClick={() => setRows((rs) => withRestOn(rs, row.id))} data-testid="odds-rest">
                            {t(draft.left > 0 ? 'admin.cases.odds.addRest' : 'admin.cases.odds.takeExcess')}
                          </button>
                        )}
                        <button type="button" className="btn btn--secondary btn--s" onClick={() => remove(row.id)} aria-label={t('admin.cases.odds.remove')} data-testid="odds-remove">
                          ×
                        </button>
                      </div>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {draft.left !== 0 && (
        <p className="form-error" data-testid="odds-table-problem">
          {t(draft.left > 0 ? 'admin.cases.odds.problems.gap' : 'admin.cases.odds.problems.over', { tickets: formatTickets(Math.abs(draft.left), lang), total: formatTickets(TICKETS, lang) })}
        </p>
      )}
      {canChange && (
        <>
          <OddsItemSearch onAdd={add} has={(item) => rows.some((r) => r.item === item)} />
          <label className="field">
            <span className="field__label">{t('admin.cases.reason')}</span>
            <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={ADJUSTMENT_REASON.max} aria-invalid={!reasonOk} data-testid="odds-reason" />
          </label>
          <div className="console-actions">
            <button type="button" className="btn btn--secondary btn--m" disabled={!changed || change.isPending} onClick={() => setRows(rowsOfRanges(saved))} data-testid="odds-reset">
              {t('admin.cases.odds.reset')}
            </button>
            <button type="button" className="btn btn--accent btn--m" disabled={!changed || !draft.sound || !reasonOk || change.isPending} onClick={() => save(false)} data-testid="odds-save">
              {t('admin.cases.odds.save')}
            </button>
          </div>
          <OddsSimulation caseId={kase.id} draft={changed && draft.sound ? draft.ranges : null} />
        </>
      )}
      {ask && <RtpConfirmDialog message={ask} pending={change.isPending} onConfirm={() => save(true)} onCancel={() => setAsk(null)} />}
    </section>
  );
}
