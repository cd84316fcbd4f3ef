import type { Verification } from '../utils/verify-outcome.ts';
import { Mark, ResultValue } from './result-value.tsx';
import { SeedValue } from './seed-value.tsx';
import { useT } from '#app/lib/use-t.ts';

/** The verdict, then what the store gave beside what the browser recomputed: the seed's hash, every ticket, the result. */
export function VerificationView({ v }: { v: Verification }) {
  const t = useT();
  return (
    <div className="pf-verification" data-testid="pf-verification">
      <p
        className={`pf-verdict ${v.ok ? 'pf-verdict--ok' : 'pf-verdict--bad'}`}
        data-testid="pf-verdict"
        data-state={v.ok ? 'match' : 'mismatch'}
      >
        <b>{v.ok ? `✓ ${t('pf.check.match')}` : `✗ ${t('pf.check.mismatch')}`}</b>
        <span>{v.ok ? t('pf.check.verdictMatch') : t('pf.check.verdictMismatch')}</span>
      </p>
      <div className={`pf-hash-check ${v.hashOk ? 'ok' : 'bad'}`} data-testid="pf-hash-check" data-ok={v.hashOk}>
        <span>
          <Mark ok={v.hashOk} /> {v.hashOk ? t('pf.check.hashOk') : t('pf.check.hashBad')}
        </span>
        <small className="muted">{t('pf.check.hashComputed')}</small>
        <SeedValue value={v.computedHash} />
      </div>

      <h3>{t('pf.check.ticketsTitle')}</h3>
      <div className="pf-table-wrap">
        <table className="pf-table">
          <thead>
            <tr>
              <th>{t('pf.check.nonce')}</th>
              <th>{t('pf.check.cursor')}</th>
              <th>{t('pf.check.stored')}</th>
              <th>{t('pf.check.computed')}</th>
              <th aria-label={t('pf.check.match')} />
            </tr>
          </thead>
          <tbody>
            {v.rolls.map((r) => (
              <tr
                key={`${r.nonce}:${r.cursor}`}
                className={r.ok ? 'ok' : 'bad'}
                data-testid="pf-roll"
                data-stored={r.stored}
                data-computed={r.computed}
              >
                <td>{r.nonce}</td>
                <td>{r.cursor}</td>
                <td className="pf-num">{r.stored}</td>
                <td className="pf-num">{r.computed}</td>
                <td>
                  <Mark ok={r.ok} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {v.results.length > 0 && (
        <>
          <h3>{t('pf.check.resultTitle')}</h3>
          <div className="pf-table-wrap">
            <table className="pf-table pf-table--results">
              <thead>
                <tr>
                  <th />
                  <th>{t('pf.check.stored')}</th>
                  <th>{t('pf.check.computed')}</th>
                  <th aria-label={t('pf.check.match')} />
                </tr>
              </thead>
              <tbody>
                {v.results.map((r, i) => (
                  <tr key={i} className={r.ok ? 'ok' : 'bad'} data-testid="pf-result" data-what={r.what} data-ok={r.ok}>
                    <th scope="row">{t(`pf.check.results.${r.what}`, r.at ?? {})}</th>
                    <td data-label={t('pf.check.stored')}>
                      <ResultValue value={r.stored} />
                    </td>
                    <td data-label={t('pf.check.computed')}>
                      <ResultValue value={r.computed} />
                    </td>
                    <td>
                      <Mark ok={r.ok} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
