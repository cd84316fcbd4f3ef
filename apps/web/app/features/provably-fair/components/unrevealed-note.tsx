import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * The server seed is still hidden. A player's own pair is revealed by rotating it, after which the
 * seed can also be pasted here; a battle's seed shows by itself once the battle is over.
 */
export function UnrevealedNote({ battle, onSeed }: { battle: boolean; onSeed: (seed: string) => void }) {
  const t = useT();
  const to = useLocalePath();
  const [draft, setDraft] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (draft.trim()) onSeed(draft.trim());
  };
  if (battle) {
    return (
      <p className="pf-note" data-testid="pf-unrevealed">
        {t('pf.check.unrevealedBattle')}
      </p>
    );
  }
  return (
    <div className="pf-note" data-testid="pf-unrevealed">
      <p>{t('pf.check.unrevealed')}</p>
      <Link to={to('/provably-fair/settings')} className="btn btn--secondary btn--s">
        {t('pf.check.toRotate')}
      </Link>
      <form className="field" onSubmit={submit}>
        <label className="field__label" htmlFor="pf-paste-seed">
          {t('pf.check.pasteSeed')}
        </label>
        <span className="pf-seed-form">
          <input
            id="pf-paste-seed"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            data-testid="pf-paste-seed"
          />
          <button type="submit" className="btn btn--primary btn--m" disabled={!draft.trim()} data-testid="pf-paste-verify">
            {t('pf.check.verify')}
          </button>
        </span>
      </form>
    </div>
  );
}
