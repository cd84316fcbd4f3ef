import { Link } from 'react-router';
import { TICKETS } from '@store/shared/constants';
import { formatAmount } from '@store/shared/money';
import { CodeSnippet } from '#app/features/provably-fair/components/code-snippet.tsx';
import { NODE_SNIPPET } from '#app/features/provably-fair/utils/node-snippet.ts';
import { OUTCOME_KINDS } from '#app/features/provably-fair/utils/check-target.ts';
import { RouteError } from '#app/components/route-error.tsx';
import { useLang, useLocalePath } from '#app/lib/use-lang.ts';
import { useMe } from '#app/lib/use-me.ts';
import { useT } from '#app/lib/use-t.ts';

const steps = ['commit', 'play', 'reveal'] as const;

/** /provably-fair/instructions: commit, play, reveal in plain words; the formula; each game's mapping; a script to run. Open to guests. */
export default function ProvablyFairInstructions() {
  const t = useT();
  const lang = useLang();
  const to = useLocalePath();
  const me = useMe();
  return (
    <div className="pf-instructions" data-testid="pf-instructions">
      <section className="pf-steps" aria-label={t('pf.instructions.stepsTitle')}>
        {steps.map((s, i) => (
          <article key={s} className="pf-card pf-step">
            <span className="pf-step__n" aria-hidden="true">
              {i + 1}
            </span>
            <h2>{t(`pf.instructions.${s}Title`)}</h2>
            <p>{t(`pf.instructions.${s}Text`)}</p>
          </article>
        ))}
      </section>

      <section className="pf-card" data-testid="pf-formula">
        <h2>{t('pf.instructions.formulaTitle')}</h2>
        <div className="pf-formula">
          <code>{t('pf.instructions.formulaDigest')}</code>
          <code>{t('pf.instructions.formulaTicket')}</code>
          <code>{t('pf.instructions.formulaHash')}</code>
        </div>
        <p className="pf-range" aria-label={`1 … ${TICKETS}`}>
          <b>1</b>
          <span className="pf-range__bar" aria-hidden="true" />
          <b>{formatAmount(TICKETS, { locale: lang })}</b>
        </p>
        <p className="muted">{t('pf.instructions.formulaNote')}</p>
      </section>

      <section className="pf-card">
        <h2>{t('pf.instructions.gamesTitle')}</h2>
        <dl className="pf-games" data-testid="pf-games">
          {OUTCOME_KINDS.map((k) => (
            <div key={k}>
              <dt>
                <span className="pf-kind">{t(`pf.kinds.${k}`)}</span>
              </dt>
              <dd>{t(`pf.instructions.games.${k}`)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="pf-card">
        <h2>{t('pf.instructions.codeTitle')}</h2>
        <p className="muted">{t('pf.instructions.codeText')}</p>
        <CodeSnippet code={NODE_SNIPPET} testId="pf-snippet" />
      </section>

      {me && (
        <div className="pf-actions">
          <Link to={to('/provably-fair/settings')} className="btn btn--secondary btn--m">
            {t('pf.instructions.toSettings')}
          </Link>
          <Link to={to('/provably-fair/check')} className="btn btn--accent btn--m">
            {t('pf.instructions.toCheck')}
          </Link>
        </div>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteError;
