import { useState } from 'react';
import { Dialog } from '#app/components/dialog.tsx';
import { Picture } from '#app/components/picture.tsx';
import { useInfoPopup } from '../api/get-info-popup.ts';
import { InfoRewards } from './info-rewards.tsx';
import { useT } from '#app/lib/use-t.ts';

/** The steps of "how the event works", one per picture of the event (spec §3 popup images 1-6). */
export const INFO_STEPS = 6;

/** How the event works, a picture and a line a step: open, earn, tasks, levels, spend, raffle; the last step adds the rewards. */
export function EventInfoDialog({ images, onClose }: { images: readonly string[]; onClose: () => void }) {
  const t = useT();
  const [step, setStep] = useState(0);
  const last = step === INFO_STEPS - 1;
  // Asked as the dialog opens, so the last step's rewards are there when the player reaches it.
  useInfoPopup();
  return (
    <Dialog title={t('event.info.title')} onClose={onClose} testId="event-info">
      <div className="event-info" data-step={step + 1}>
        {images[step] && <Picture key={step} className="event-info__img" src={images[step]} alt="" width={320} height={200} loading="eager" />}
        <b className="event-info__title">
          {step + 1}. {t(`event.info.step${step + 1}.title`)}
        </b>
        <p className="muted event-info__text">{t(`event.info.step${step + 1}.text`)}</p>
        {/* The last step, where the player decides to go on, says what there is to win. */}
        {last && <InfoRewards />}
        <div className="event-info__dots" aria-hidden="true">
          {Array.from({ length: INFO_STEPS }, (_, i) => (
            <i key={i} className={i === step ? 'on' : undefined} />
          ))}
        </div>
        <div className="event-info__actions">
          {step > 0 && (
            <button type="button" className="btn btn--secondary btn--m" onClick={() => setStep(step - 1)}>
              {t('event.info.back')}
            </button>
          )}
          <button
            type="button"
            className="btn btn--event btn--m"
            onClick={() => (last ? onClose() : setStep(step + 1))}
            data-testid="event-info-next"
          >
            {last ? t('event.info.done') : t('event.info.next')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
