import { Link } from 'react-router';
import './fair-links.css';
import type { OutcomeKind } from '@store/shared/api/provably-fair';
import { useFlag } from '#app/lib/use-flag.ts';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useT } from '#app/lib/use-t.ts';

/** The check page of one outcome; the link a result screen shows and a player can share. */
export const fairCheckPath = (kind: OutcomeKind, id: string | number) =>
  `/provably-fair/check?kind=${kind}&id=${encodeURIComponent(String(id))}`;

/** "Check fairness" under a result; nothing while the provably-fair pages are off (the pf flag). */
export function FairCheckLink({ kind, id, className = '' }: { kind: OutcomeKind; id: string | number; className?: string }) {
  const t = useT();
  const to = useLocalePath();
  const on = useFlag('pf');
  if (!on) return null;
  return (
    <Link
      to={to(fairCheckPath(kind, id))}
      className={`fair-link ${className}`.trim()}
      data-testid="fair-check-link"
      data-kind={kind}
      data-id={id}
    >
      <ShieldIcon />
      <span className="fair-link__text">{t('pf.checkLink')}</span>
    </Link>
  );
}

/** The player's openings of a case with their tickets, from the case page. */
export function CaseHistoryLink({ caseId }: { caseId: number }) {
  const t = useT();
  const to = useLocalePath();
  const on = useFlag('pf');
  if (!on) return null;
  return (
    <Link to={to(`/provably-fair/case-history/${caseId}`)} className="fair-link" data-testid="case-history-link">
      <ShieldIcon />
      {t('pf.caseHistoryLink')}
    </Link>
  );
}

function ShieldIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      <path d="m8.5 12 2.5 2.5 4.5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
