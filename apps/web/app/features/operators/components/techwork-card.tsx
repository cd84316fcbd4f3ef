import { useState } from 'react';
import { useAlert } from '#app/components/alerts.tsx';
import { Dialog } from '#app/components/dialog.tsx';
import { ApiError } from '#app/lib/api.ts';
import { formatDateTime } from '@store/shared/format/dates';
import { useLang } from '#app/lib/use-lang.ts';
import { useChangeTechWork } from '../api/change-techwork.ts';
import type { FlagsData } from '../api/get-flags.ts';
import { useT } from '#app/lib/use-t.ts';

/** The tech-work page's switch: turning it on takes the store offline for players, so it asks first. */
export function TechWorkCard({ techwork, canChange }: { techwork: FlagsData['techwork']; canChange: boolean }) {
  const t = useT();
  const lang = useLang();
  const alert = useAlert();
  const change = useChangeTechWork();
  const [asking, setAsking] = useState(false);
  const set = (on: boolean) =>
    change.mutate(on, {
      onSuccess: () => {
        setAsking(false);
        alert.success(t(on ? 'admin.techwork.onDone' : 'admin.techwork.offDone'));
      },
      onError: (e) => alert.error(e instanceof ApiError ? e.message : t('error.title')),
    });
  return (
    <section className="console-card" data-testid="techwork" data-on={techwork.on} aria-label={t('admin.techwork.title')}>
      <div className="console-card__head">
        <h2>{t('admin.techwork.title')}</h2>
        <span className={techwork.on ? 'badge badge--blocked' : 'badge badge--confirmed'}>{t(techwork.on ? 'admin.flags.on' : 'admin.flags.off')}</span>
      </div>
      <p className="muted console-hint">
        {techwork.on
          ? t('admin.techwork.onNote', { date: techwork.since ? formatDateTime(techwork.since, lang) : '—', operator: techwork.operator ?? '—' })
          : t('admin.techwork.offNote')}
      </p>
      {canChange &&
        (techwork.on ? (
          <button type="button" className="btn btn--primary btn--m console-form__submit" disabled={change.isPending} onClick={() => set(false)} data-testid="techwork-off">
            {t('admin.techwork.turnOff')}
          </button>
        ) : (
          <button type="button" className="btn btn--danger btn--m console-form__submit" onClick={() => setAsking(true)} data-testid="techwork-on">
            {t('admin.techwork.turnOn')}
          </button>
        ))}
      {asking && (
        <Dialog title={t('admin.techwork.confirmTitle')} onClose={() => setAsking(false)} testId="techwork-confirm">
          <div className="stack">
            <p>{t('admin.techwork.confirmText')}</p>
            <div className="console-actions">
              <button type="button" className="btn btn--secondary btn--m" onClick={() => setAsking(false)}>
                {t('common.cancel')}
              </button>
              <button type="button" className="btn btn--danger btn--m" disabled={change.isPending} onClick={() => set(true)} data-testid="techwork-confirm-button">
                {t('admin.techwork.confirm')}
              </button>
            </div>
          </div>
        </Dialog>
      )}
    </section>
  );
}
