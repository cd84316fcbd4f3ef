import { useState, type ReactNode } from 'react';
import { needsConfirmation, rememberSkipSmall, skipsSmall, SMALL_SUM, type ConfirmKind } from '#app/lib/confirm-rule.ts';
import { Dialog } from './dialog.tsx';
import { Money } from './money.tsx';
import { useT } from '#app/lib/use-t.ts';

interface Pending {
  title: string;
  text: ReactNode;
  sum: number;
  confirmLabel: string;
  run: () => void;
}

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

/**
 * Asks before an irreversible action of one kind (lib/confirm-rule.ts): `ask` runs it at once when
 * the player chose not to be asked about small sums and this one is small, else shows the sum and
 * waits for the yes. Render `dialog` where the action's page is.
 */
export function useConfirm(kind: ConfirmKind) {
  const t = useT();
  const [pending, setPending] = useState<Pending | null>(null);
  const [skip, setSkip] = useState(false);
  const ask = (p: Pending) => {
    if (!needsConfirmation(p.sum, skipsSmall(storage(), kind))) return p.run();
    setSkip(false);
    setPending(p);
  };
  const dialog = pending && (
    <Dialog title={pending.title} onClose={() => setPending(null)} testId="confirm-dialog">
      <p className="confirm__text">{pending.text}</p>
      <p className="confirm__sum" data-testid="confirm-sum">
        <Money value={pending.sum} />
      </p>
      {pending.sum <= SMALL_SUM && (
        <label className="check confirm__skip">
          <input type="checkbox" checked={skip} onChange={(e) => setSkip(e.target.checked)} data-testid="confirm-skip" />
          <span>{t('confirm.skipSmall', { sum: SMALL_SUM })}</span>
        </label>
      )}
      <div className="confirm__actions">
        <button type="button" className="btn btn--secondary btn--m" onClick={() => setPending(null)} data-testid="confirm-cancel">
          {t('confirm.cancel')}
        </button>
        <button
          type="button"
          className="btn btn--accent btn--m"
          onClick={() => {
            if (skip) rememberSkipSmall(storage(), kind);
            setPending(null);
            pending.run();
          }}
          data-testid="confirm-yes"
        >
          {pending.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
  return { ask, dialog };
}
