import { useState, type FormEvent } from 'react';
import { formatNumber } from '@store/shared/format/numbers';
import type { TicketRange } from '@store/shared/odds';
import { SIMULATION_MAX_OPENINGS } from '@store/shared/odds-simulation';
import { useAlert } from '#app/components/alerts.tsx';
import { ApiError } from '#app/lib/api.ts';
import { useLang } from '#app/lib/use-lang.ts';
import { useSimulateOdds } from '../api/odds-simulate.ts';
import { deviationOf, formatMoney, formatTickets } from '../utils/case-format.ts';
import { openingsOf, percentOf } from '../utils/odds-editor.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * Plays N openings on the server with the store's own roll, of the saved table or of the draft being
 * edited, and shows what came out beside what the table promises: the RTP with its standard error
 * and each item's draws against the expected count. Nothing is written.
 */
export function OddsSimulation({ caseId, draft }: { caseId: number; draft: TicketRange[] | null }) {
  const t = useT();
  const lang = useLang();
  const alert = useAlert();
  const simulate = useSimulateOdds(caseId);
  const [n, setN] = useState('10000');
  const [bad, setBad] = useState(false);
  const result = simulate.data;
  const run = (e: FormEvent) => {
    e.preventDefault();
    const count = openingsOf(n, SIMULATION_MAX_OPENINGS);
    setBad(count === null);
    if (count === null) return;
    simulate.mutate({ n: count, ...(draft ? { odds: draft } : {}) }, { onError: (err) => alert.error(err instanceof ApiError ? err.message : t('error.title')) });
  };
  const num = (v: number) => formatTickets(v, lang);
  return (
    <div className="case-simulation" data-testid="odds-simulation">
      <h3>{t('admin.cases.simulation.title')}</h3>
      <form className="console-search" onSubmit={run} noValidate>
        <label className="field">
          <span className="field__label">{t('admin.cases.simulation.n', { max: num(SIMULATION_MAX_OPENINGS) })}</span>
          <input value={n} onChange={(e) => setN(e.target.value)} inputMode="numeric" aria-invalid={bad} data-testid="sim-n" />
        </label>
        <button type="submit" className="btn btn--secondary btn--m" disabled={simulate.isPending} data-testid="sim-run">
          {t(draft ? 'admin.cases.simulation.runDraft' : 'admin.cases.simulation.run')}
        </button>
      </form>
      {bad && (
        <p className="form-error" role="alert" data-testid="sim-problem">
          {t('admin.cases.simulation.problem', { max: num(SIMULATION_MAX_OPENINGS) })}
        </p>
      )}
      {simulate.isPending && <p className="muted">{t('admin.cases.simulation.running')}</p>}
      {result && !simulate.isPending && (
        <div className="stack" data-testid="sim-result">
          <dl className="case-figures">
            <div>
              <dt>{t('admin.cases.simulation.openings')}</dt>
              <dd data-testid="sim-openings">{num(result.n)}</dd>
            </div>
            <div>
              <dt>{t('admin.cases.simulation.observedRtp')}</dt>
              <dd data-testid="sim-observed-rtp">
                {percentOf(result.observedRtp, lang)} <small className="muted">± {percentOf(result.standardError, lang)}</small>
              </dd>
            </div>
            <div>
              <dt>{t('admin.cases.simulation.expectedRtp')}</dt>
              <dd data-testid="sim-expected-rtp">{percentOf(result.expectedRtp, lang)}</dd>
            </div>
            <div>
              <dt>{t('admin.cases.simulation.observedValue')}</dt>
              <dd>
                {formatMoney(result.observedValue, lang)} <small className="muted">/ {formatMoney(result.expectedValue, lang)}</small>
              </dd>
            </div>
          </dl>
          <p className="muted console-hint">{t(result.oddsId === null ? 'admin.cases.simulation.ofDraft' : 'admin.cases.simulation.ofSaved', { id: result.oddsId })}</p>
          <div className="console-table-wrap case-sim-counts">
            <table className="console-table">
              <thead>
                <tr>
                  <th>{t('admin.cases.odds.item')}</th>
                  <th className="num">{t('admin.cases.simulation.count')}</th>
                  <th className="num">{t('admin.cases.simulation.expected')}</th>
                  <th className="num">{t('admin.cases.simulation.deviation')}</th>
                </tr>
              </thead>
              <tbody>
                {result.counts.map((c) => (
                  <tr key={c.item} data-testid="sim-count">
                    <td className="console-table__wrap">
                      {c.name} <small className="muted">{c.item}</small>
                    </td>
                    <td className="num">{num(c.count)}</td>
                    <td className="num muted">{formatNumber(c.expected, lang, 1)}</td>
                    <td className="num muted">{deviationOf(c.count, c.expected, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </div>
  );
}
