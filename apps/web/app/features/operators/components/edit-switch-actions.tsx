import { useT } from '#app/lib/use-t.ts';

/**
 * A console row's two actions: open its edit form, and switch it off (or back on). Promo codes
 * and offers share them; the test ids name the kind (`promo-edit`, `offer-toggle`).
 */
export function EditSwitchActions({
  kind,
  off,
  pending,
  switchLabel,
  onEdit,
  onSwitch,
}: {
  kind: 'promo' | 'offer';
  /** Whether the row is switched off now (its button then switches it on). */
  off: boolean;
  pending: boolean;
  switchLabel: string;
  onEdit: () => void;
  onSwitch: () => void;
}) {
  const t = useT();
  return (
    <div className="promo-table__actions">
      <button type="button" className="btn btn--secondary btn--s" onClick={onEdit} data-testid={`${kind}-edit`}>
        {t('admin.promo.edit')}
      </button>
      <button type="button" className={off ? 'btn btn--secondary btn--s' : 'btn btn--danger btn--s'} disabled={pending} onClick={onSwitch} data-testid={`${kind}-toggle`}>
        {switchLabel}
      </button>
    </div>
  );
}
