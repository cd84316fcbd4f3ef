import { useState } from 'react';
import { useAlert } from '#app/components/alerts.tsx';
import type { RevealedSeedData } from '../api/get-revealed-seeds.ts';
import { useRotateSeed } from '../api/rotate-seed.ts';
import { RevealedSeedCard } from './revealed-seed-card.tsx';
import { useT } from '#app/lib/use-t.ts';

/** Rotation: reveals the current server seed and starts a new pair; the pair just revealed is shown below. */
export function RotatePanel() {
  const t = useT();
  const alert = useAlert();
  const rotate = useRotateSeed();
  const [revealed, setRevealed] = useState<RevealedSeedData | null>(null);
  const onRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: (res) => {
        setRevealed(res.revealed);
        alert.success(t('pf.settings.rotated'));
      },
      // Refused while the player sits in a running battle (seedRotationInGame): the server's words.
      onError: (e) => alert.error(e.message),
    });
  return (
    <section className="pf-card" data-testid="pf-rotate">
      <h2>{t('pf.settings.rotateTitle')}</h2>
      <p className="muted">{t('pf.settings.rotateText')}</p>
      <button
        type="button"
        className="btn btn--accent btn--m pf-rotate__go"
        onClick={onRotate}
        disabled={rotate.isPending}
        data-testid="pf-rotate-button"
      >
        {t('pf.settings.rotate')}
      </button>
      {revealed && (
        <div className="stack pf-just-revealed">
          <h3>{t('pf.settings.revealedTitle')}</h3>
          <RevealedSeedCard seed={revealed} testId="pf-revealed" />
        </div>
      )}
    </section>
  );
}
