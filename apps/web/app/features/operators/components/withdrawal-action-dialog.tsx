import { useState, type FormEvent } from 'react';
import type { WithdrawalAction } from '@store/shared/api/operator-queue';
import { ADJUSTMENT_REASON } from '@store/shared/operators';
import { Dialog } from '#app/components/dialog.tsx';
import { ApiError } from '#app/lib/api.ts';
import { useWithdrawalAction } from '../api/withdrawal-action.ts';
import type { QueuedWithdrawal } from '../api/withdrawal-queue.ts';
import { useT } from '#app/lib/use-t.ts';

const reasonFits = (reason: string) => reason.trim().length >= ADJUSTMENT_REASON.min && reason.trim().length <= ADJUSTMENT_REASON.max;

/**
 * Asks before an action on a withdrawal: what it will do to the player's item, and why (the audit
 * keeps the reason). A refusal from the server (someone acted first) is shown here, not lost.
 */
export function WithdrawalActionDialog({
  withdrawal,
  action,
  onClose,
  onDone,
}: {
  withdrawal: QueuedWithdrawal;
  action: WithdrawalAction;
  onClose: () => void;
  onDone: (action: WithdrawalAction) => void;
}) {
  const t = useT();
  const act = useWithdrawalAction();
  const [reason, setReason] = useState('');
  const [short, setShort] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reasonFits(reason)) return setShort(true);
    setShort(false);
    act.mutate({ id: withdrawal.id, action, reason: reason.trim() }, { onSuccess: () => onDone(action) });
  };
  const error = act.error ? (act.error instanceof ApiError ? act.error.message : t('error.title')) : null;
  return (
    <Dialog title={t(`admin.withdrawals.confirm.${action}.title`, { id: withdrawal.id })} onClose={() => !act.isPending && onClose()} testId="withdrawal-confirm">
      <form className="console-form" onSubmit={submit} noValidate>
        <p>{t(`admin.withdrawals.confirm.${action}.text`, { item: withdrawal.item.name, player: withdrawal.player.login })}</p>
        <label className="field">
          <span className="field__label">{t('admin.withdrawals.confirm.reason')}</span>
          <input value={reason} onChange={(e) => {
              setReason(e.target.value);
              if (short && reasonFits(e.target.value)) setShort(false);
            }} maxLength={ADJUSTMENT_REASON.max} aria-invalid={short} autoFocus data-testid="withdrawal-reason" />
        </label>
        {short && (
          <p className="form-error" role="alert">
            {t('admin.withdrawals.confirm.reasonShort')}
          </p>
        )}
        {error && (
          <p className="form-error" role="alert" data-testid="withdrawal-action-error">
            {error}
          </p>
        )}
        <div className="console-actions">
          <button type="button" className="btn btn--secondary btn--m" disabled={act.isPending} onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className={action === 'refund' ? 'btn btn--danger btn--m' : 'btn btn--primary btn--m'}
            disabled={act.isPending}
            data-testid="withdrawal-confirm-button"
          >
            {t(`admin.withdrawals.actions.${action}`)}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
