import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { permissionAction, PUSH_MISSIONS, type PushMissionType } from '@store/shared/pwa';
import { PUSH_OPTED_IN_KEY } from '#app/lib/storage-keys.ts';
import { toUnits } from '@store/shared/money';
import { useAlert } from '#app/components/alerts.tsx';
import { ApiError } from '#app/lib/api.ts';
import { useApi } from '#app/lib/use-api.ts';
import { pushMissionKey, sendSubscription } from '../api/push-api.ts';
import { subscribeBrowser } from '../utils/push-subscribe.ts';
import { writeFlag } from '../utils/device.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * The push banner of spec §4 and its permission handling: nobody decided yet, ask; granted, opt
 * in (subscribe at the browser's push service with the store's key and hand the subscription to
 * the store); denied, say where to allow it (the installed app's variant, or the browser's).
 */
export function PushBanner(props: { publicKey: string; installed: boolean; mission: PushMissionType; onOptedIn: () => void; onClose: () => void }) {
  const t = useT();
  const alert = useAlert();
  const call = useApi();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);

  const optIn = async () => {
    const subscription = await subscribeBrowser(props.publicKey);
    const { mission } = await sendSubscription(call, subscription, props.installed);
    writeFlag(PUSH_OPTED_IN_KEY, subscription.endpoint);
    client.setQueryData(pushMissionKey(props.mission), mission);
    alert.success(t('pwa.push.enabled'));
    props.onOptedIn();
  };

  const enable = async () => {
    setBusy(true);
    try {
      let permission = Notification.permission;
      if (permissionAction(permission) === 'request') {
        permission = await Notification.requestPermission();
        if (permission === 'denied') return alert.error(t('pwa.push.declined'));
        if (permission === 'default') return alert.info(t('pwa.push.repeat'));
      }
      if (permissionAction(permission) === 'denied') return alert.error(t(props.installed ? 'pwa.push.deniedPwa' : 'pwa.push.denied'));
      await optIn();
    } catch (e) {
      alert.error(e instanceof ApiError ? e.message : t('pwa.push.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="pwa-banner pwa-banner--push" role="region" aria-label={t('pwa.push.label')} data-testid="push-banner">
      <span className="pwa-banner__bell" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="18" height="18">
          <path fill="currentColor" d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z" />
        </svg>
      </span>
      <div className="pwa-banner__body">
        <strong className="pwa-banner__title">{t('pwa.push.title')}</strong>
        <p className="pwa-banner__text">{t('pwa.push.text', { prize: toUnits(PUSH_MISSIONS[props.mission].prize) })}</p>
      </div>
      <button type="button" className="btn btn--accent btn--s pwa-banner__action" disabled={busy} onClick={() => void enable()} data-testid="push-enable">
        {t('pwa.push.button')}
      </button>
      <button type="button" className="pwa-banner__close" aria-label={t('pwa.close')} onClick={props.onClose} data-testid="push-banner-close">
        ×
      </button>
    </section>
  );
}
