import { Dialog } from '#app/components/dialog.tsx';
import { ApiError } from '#app/lib/api.ts';
import { guardRangeText } from '../utils/odds-editor.ts';
import { useT } from '#app/lib/use-t.ts';

/** Whether the server refused a change only because its return to player leaves the guard range. */
export const needsRtpConfirmation = (e: unknown): e is ApiError => e instanceof ApiError && e.code === 'rtp_needs_confirmation';

/**
 * The server said the return to player leaves the guard range (`rtp_needs_confirmation`): its message
 * names the RTP; the operator confirms and the same change is sent again with `confirm_rtp`.
 */
export function RtpConfirmDialog({ message, pending, onConfirm, onCancel }: { message: string; pending: boolean; onConfirm: () => void; onCancel: () => void }) {
  const t = useT();
  return (
    <Dialog title={t('admin.cases.confirmRtp.title')} onClose={() => !pending && onCancel()} testId="rtp-confirm">
      <div className="stack">
        <p className="console-note console-note--danger" data-testid="rtp-confirm-message">
          {message}
        </p>
        <p className="muted">{t('admin.cases.confirmRtp.text', { range: guardRangeText() })}</p>
        <div className="console-actions">
          <button type="button" className="btn btn--secondary btn--m" disabled={pending} onClick={onCancel} data-testid="rtp-confirm-cancel">
            {t('admin.cases.confirmRtp.cancel')}
          </button>
          <button type="button" className="btn btn--danger btn--m" disabled={pending} onClick={onConfirm} data-testid="rtp-confirm-button">
            {t('admin.cases.confirmRtp.confirm')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
