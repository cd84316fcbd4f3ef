import { useState, type FormEvent } from 'react';
import { ADJUSTMENT_REASON } from '@store/shared/operators';
import { useAlert } from '#app/components/alerts.tsx';
import { ApiError } from '#app/lib/api.ts';
import { useBlockPlayer } from '../api/block-player.ts';
import type { PlayerData } from '../api/get-player.ts';
import { useUnblockPlayer } from '../api/unblock-player.ts';
import { useT } from '#app/lib/use-t.ts';

const reasonFits = (reason: string) => reason.trim().length >= ADJUSTMENT_REASON.min && reason.trim().length <= ADJUSTMENT_REASON.max;

/** Blocks or unblocks the player, with the operator's reason (the audit keeps it). */
export function BlockForm({ player }: { player: PlayerData }) {
  const t = useT();
  const alert = useAlert();
  const block = useBlockPlayer(player.id);
  const unblock = useUnblockPlayer(player.id);
  const [reason, setReason] = useState('');
  const [short, setShort] = useState(false);
  const change = player.blocked ? unblock : block;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reasonFits(reason)) return setShort(true);
    setShort(false);
    change.mutate(reason.trim(), {
      onSuccess: () => {
        setReason('');
        alert.success(t(player.blocked ? 'admin.block.unblocked' : 'admin.block.blocked'));
      },
      onError: (err) => alert.error(err instanceof ApiError ? err.message : t('error.title')),
    });
  };

  return (
    <section className="console-card" data-testid="block-form" aria-label={t('admin.block.title')}>
      <h2>{t('admin.block.title')}</h2>
      <p className="muted console-hint">{t(player.blocked ? 'admin.block.blockedNote' : 'admin.block.activeNote')}</p>
      <form className="console-form" onSubmit={submit} noValidate>
        <label className="field">
          <span className="field__label">{t('admin.block.reason')}</span>
          <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={ADJUSTMENT_REASON.max} aria-invalid={short} data-testid="block-reason" />
        </label>
        {short && (
          <p className="form-error" role="alert">
            {t('admin.block.reasonShort')}
          </p>
        )}
        <button
          type="submit"
          className={player.blocked ? 'btn btn--primary btn--m console-form__submit' : 'btn btn--danger btn--m console-form__submit'}
          disabled={change.isPending}
          data-testid={player.blocked ? 'unblock-submit' : 'block-submit'}
        >
          {t(player.blocked ? 'admin.block.unblock' : 'admin.block.block')}
        </button>
      </form>
    </section>
  );
}
