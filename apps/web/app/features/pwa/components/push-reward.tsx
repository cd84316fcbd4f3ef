import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PushMissionType } from '@store/shared/pwa';
import { useAlert } from '#app/components/alerts.tsx';
import { ApiError } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { useSetFinance } from '#app/lib/use-me.ts';
import { claimPushMission, pushMissionKey, type PushMissionData } from '../api/push-api.ts';
import { useT } from '#app/lib/use-t.ts';

/** A complete push mission waiting for its claim: the prize is paid once, the header's balance takes it. */
export function PushReward({ mission }: { mission: PushMissionData }) {
  const t = useT();
  const alert = useAlert();
  const call = useApi();
  const client = useQueryClient();
  const setFinance = useSetFinance();
  const [busy, setBusy] = useState(false);
  const claim = async () => {
    setBusy(true);
    try {
      const paid = await claimPushMission(call, mission.type as PushMissionType);
      setFinance({ balance: paid.balance });
      alert.success(paid.msg);
    } catch (e) {
      alert.error(e instanceof ApiError ? e.message : t('pwa.push.failed'));
    } finally {
      setBusy(false);
      void client.invalidateQueries({ queryKey: pushMissionKey(mission.type as PushMissionType) });
    }
  };
  return (
    <section className="pwa-banner pwa-banner--reward" role="region" aria-label={t('pwa.push.label')} data-testid="push-reward">
      <div className="pwa-banner__body">
        <strong className="pwa-banner__title">{t('pwa.push.rewardTitle')}</strong>
        <p className="pwa-banner__text">{t('pwa.push.rewardText', { prize: mission.prize })}</p>
      </div>
      <button type="button" className="btn btn--accent btn--s pwa-banner__action" disabled={busy} onClick={() => void claim()}>
        {t('pwa.push.claim')}
      </button>
    </section>
  );
}
