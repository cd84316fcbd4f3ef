import { useState, type FormEvent } from 'react';
import { useManualCheck } from '../hooks/use-manual-check.ts';
import { MANUAL_GAMES, parseManual, type ManualInput } from '../utils/manual-check.ts';
import { ResultValue } from './result-value.tsx';
import { SeedValue } from './seed-value.tsx';
import { useT } from '#app/lib/use-t.ts';

type Fields = Record<keyof ManualInput, string>;
const empty: Fields = {
  serverSeed: '',
  clientSeed: '',
  nonce: '0',
  cursor: '0',
  game: 'ticket',
  oddsId: '',
  chance: '50',
  reversed: 'false',
  mines: '3',
};

/** Any roll by hand: seeds, nonce, cursor and the game's parameters, recomputed in the browser. */
export function ManualCheckForm() {
  const t = useT();
  const [fields, setFields] = useState<Fields>(empty);
  const [input, setInput] = useState<ManualInput | null>(null);
  const [invalid, setInvalid] = useState(false);
  const { odds, result } = useManualCheck(input);
  const set = (k: keyof Fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseManual(fields);
    setInvalid(!parsed);
    setInput(parsed);
  };
  const text = (k: keyof Fields, label: string, extra: { inputMode?: 'numeric' | 'decimal'; wide?: boolean } = {}) => (
    <label className={`field${extra.wide ? ' pf-form__wide' : ''}`}>
      <span className="field__label">{label}</span>
      <input
        value={fields[k]}
        onChange={set(k)}
        inputMode={extra.inputMode}
        autoComplete="off"
        spellCheck={false}
        data-testid={`pf-manual-${k}`}
      />
    </label>
  );

  return (
    <section className="pf-card pf-manual" data-testid="pf-manual">
      <h2>{t('pf.check.manualTitle')}</h2>
      <p className="muted">{t('pf.check.manualText')}</p>
      <form className="pf-form" onSubmit={submit} noValidate>
        {text('serverSeed', t('pf.check.serverSeed'), { wide: true })}
        {text('clientSeed', t('pf.check.clientSeed'), { wide: true })}
        {text('nonce', t('pf.check.nonce'), { inputMode: 'numeric' })}
        {fields.game !== 'techies' && text('cursor', t('pf.check.cursor'), { inputMode: 'numeric' })}
        <label className="field">
          <span className="field__label">{t('pf.check.game')}</span>
          <select value={fields.game} onChange={set('game')} data-testid="pf-manual-game">
            {MANUAL_GAMES.map((g) => (
              <option key={g} value={g}>
                {g === 'ticket' ? t('pf.check.gameTicket') : t(`pf.kinds.${g}`)}
              </option>
            ))}
          </select>
        </label>
        {fields.game === 'case' && text('oddsId', t('pf.check.oddsId'), { inputMode: 'numeric' })}
        {fields.game === 'upgrade' && text('chance', t('pf.check.chance'), { inputMode: 'decimal' })}
        {fields.game === 'upgrade' && (
          <label className="switch pf-form__check">
            <input
              type="checkbox"
              checked={fields.reversed === 'true'}
              onChange={(e) => setFields((f) => ({ ...f, reversed: String(e.target.checked) }))}
            />
            {t('pf.check.reversed')}
          </label>
        )}
        {fields.game === 'techies' && text('mines', t('pf.check.mines'), { inputMode: 'numeric' })}
        <button type="submit" className="btn btn--primary btn--m pf-form__wide" data-testid="pf-manual-compute">
          {t('pf.check.compute')}
        </button>
      </form>
      {invalid && <p className="form-error">{t('pf.check.manualInvalid')}</p>}
      {odds.isError && <p className="form-error">{odds.error.message}</p>}
      {result.data && (
        <div className="pf-manual-result" data-testid="pf-manual-result">
          <dl className="pf-facts">
            <div className="pf-facts__wide">
              <dt>{t('pf.check.hashComputed')}</dt>
              <dd>
                <SeedValue value={result.data.hash} />
              </dd>
            </div>
            {result.data.tickets.map((x) => (
              <div key={x.cursor}>
                <dt>
                  {t('pf.check.ticket')} · cursor {x.cursor}
                </dt>
                <dd className="pf-num pf-big" data-testid="pf-manual-ticket">
                  {x.ticket}
                </dd>
              </div>
            ))}
            {result.data.result && (
              <div className="pf-facts__wide">
                <dt>{t('pf.check.resultTitle')}</dt>
                <dd>
                  <ResultValue value={result.data.result} />
                </dd>
              </div>
            )}
          </dl>
        </div>
      )}
    </section>
  );
}
