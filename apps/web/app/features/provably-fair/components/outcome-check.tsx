import { useState } from 'react';
import type { TFunction } from 'i18next';
import type { Lang } from '@store/shared/errors';
import { formatNumber } from '@store/shared/money';
import { CopyField } from '#app/components/copy-field.tsx';
import { formatDateTime } from '@store/shared/format/dates';
import { useLang } from '#app/lib/use-lang.ts';
import type { FairOutcomeData } from '../api/get-outcome.ts';
import { useVerification } from '../hooks/use-verification.ts';
import { SeedValue } from './seed-value.tsx';
import { UnrevealedNote } from './unrevealed-note.tsx';
import { VerificationView } from './verification-view.tsx';
import { useT } from '#app/lib/use-t.ts';

/** The nonces the outcome rolled: one for most games, a battle's rounds. */
function nonces(o: FairOutcomeData): string {
  const all = o.rolls.map((r) => r.nonce);
  if (!all.length) return String(o.seed.nonce);
  const [lo, hi] = [Math.min(...all), Math.max(...all)];
  return lo === hi ? String(lo) : `${lo}–${hi}`;
}

/** What the outcome was about, in one line. */
function describe(o: FairOutcomeData, t: TFunction, lang: Lang): string {
  switch (o.kind) {
    case 'case':
      return `${o.case.name} → ${o.item.name}`;
    case 'upgrade':
      return `${o.target.name} · ${formatNumber(o.chance, { locale: lang, digits: 3, fixed: false })}%`;
    case 'contract':
      return o.item.name;
    case 'battle':
      return t('pf.check.rounds', { n: o.rounds.length });
    case 'techies':
      return `5×5 · ${t('pf.check.mines')}: ${o.minesCount}`;
  }
}

/**
 * One outcome checked: its seeds, then (once the server seed is known) the tickets and the result
 * recomputed beside what the store gave. Before the reveal the player is sent to rotate, or can
 * paste the server seed of a pair rotated since.
 */
export function OutcomeCheck({ outcome, shareUrl }: { outcome: FairOutcomeData; shareUrl: string }) {
  const t = useT();
  const lang = useLang();
  const revealed = outcome.seed.serverSeed;
  const [pasted, setPasted] = useState<string | null>(null);
  const seed = revealed ?? pasted;
  // A techies game in play publishes no tickets yet: there is nothing to recompute.
  const checkable = outcome.rolls.length > 0;
  const check = useVerification(outcome, checkable ? seed : null);

  return (
    <section className="pf-card pf-outcome" data-testid="pf-outcome" data-kind={outcome.kind} data-id={outcome.id}>
      <div className="pf-outcome__head">
        <h2>{t('pf.check.outcomeTitle', { kind: t(`pf.kinds.${outcome.kind}`), id: outcome.id })}</h2>
        <span className="muted">
          {outcome.player.nickname} · {formatDateTime(outcome.createdAt, lang)}
        </span>
        <span className="pf-outcome__what">{describe(outcome, t, lang)}</span>
      </div>
      <dl className="pf-facts">
        <div className="pf-facts__wide">
          <dt>{t('pf.check.hash')}</dt>
          <dd>
            <SeedValue value={outcome.seed.serverSeedHash} testId="pf-outcome-hash" />
          </dd>
        </div>
        <div className="pf-facts__wide">
          <dt>{t('pf.check.serverSeed')}</dt>
          <dd>
            {revealed ? (
              <SeedValue value={revealed} testId="pf-outcome-server-seed" />
            ) : (
              <span className="muted">{t('pf.check.hidden')}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('pf.check.clientSeed')}</dt>
          <dd>
            <SeedValue value={outcome.seed.clientSeed} />
          </dd>
        </div>
        <div>
          <dt>{t('pf.check.nonce')}</dt>
          <dd data-testid="pf-outcome-nonce">{nonces(outcome)}</dd>
        </div>
      </dl>

      {!revealed && checkable && <UnrevealedNote battle={outcome.kind === 'battle'} onSeed={setPasted} />}
      {!checkable && <p className="pf-note">{t('pf.check.notOver')}</p>}

      {seed &&
        checkable &&
        (check.data ? (
          <VerificationView v={check.data} />
        ) : check.isError ? (
          <p className="form-error">{check.error.message}</p>
        ) : (
          <p className="muted" data-testid="pf-checking">
            {t('pf.check.checking')}
          </p>
        ))}

      <CopyField label={t('pf.check.share')} value={shareUrl} testId="pf-share" />
    </section>
  );
}
