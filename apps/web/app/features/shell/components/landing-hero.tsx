import { Link } from 'react-router';
import { Highlights } from './highlights.tsx';
import '#app/styles/shell.css';
import { useT } from '#app/lib/use-t.ts';

/** /land1 (spec §2): a visitor from an advertisement sees what the store is and signs in or opens a case. */
export function LandingHero({ signedIn, onSignIn, casesHref }: { signedIn: boolean; onSignIn(): void; casesHref: string }) {
  const t = useT();
  return (
    <div className="landing" data-testid="landing">
      <section className="shell-hero shell-hero--landing">
        <p className="shell-hero__kicker">{t('shell.landing.kicker')}</p>
        <h1>{t('shell.landing.title')}</h1>
        <p className="muted">{t('shell.landing.text')}</p>
        <div className="shell-hero__actions">
          {!signedIn && (
            <button type="button" className="btn btn--accent btn--l" onClick={onSignIn} data-testid="landing-signin">
              {t('shell.landing.signIn')}
            </button>
          )}
          <Link to={casesHref} className={`btn ${signedIn ? 'btn--accent' : 'btn--secondary'} btn--l`} data-testid="landing-cases">
            {t('shell.landing.cases')}
          </Link>
        </div>
      </section>
      <ol className="landing__steps">
        {(['one', 'two', 'three'] as const).map((k, i) => (
          <li key={k}>
            <span className="landing__num">{i + 1}</span>
            <div>
              <b>{t(`shell.landing.steps.${k}.title`)}</b>
              <p className="muted">{t(`shell.landing.steps.${k}.text`)}</p>
            </div>
          </li>
        ))}
      </ol>
      <Highlights testId="landing-highlights" />
    </div>
  );
}
