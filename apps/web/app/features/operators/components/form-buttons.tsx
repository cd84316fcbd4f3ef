import { useT } from '#app/lib/use-t.ts';

/**
 * A console form's row of buttons: submit (off while its call is out) and, for a form that opened
 * over a list, cancel. Their test ids are `<testId>-submit` and `<testId>-cancel`.
 */
export function FormButtons({ label, pending, testId, onCancel }: { label: string; pending: boolean; testId: string; onCancel?: () => void }) {
  const t = useT();
  return (
    <div className="console-actions console-actions--tight">
      <button type="submit" className="btn btn--accent btn--m" disabled={pending} data-testid={`${testId}-submit`}>
        {label}
      </button>
      {onCancel && (
        <button type="button" className="btn btn--secondary btn--m" onClick={onCancel} data-testid={`${testId}-cancel`}>
          {t('admin.promo.cancel')}
        </button>
      )}
    </div>
  );
}
