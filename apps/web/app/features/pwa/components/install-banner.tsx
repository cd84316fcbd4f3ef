import { PWA_BONUS_COINS, type InstallWay } from '@store/shared/pwa';
import { formatAmount, toUnits } from '@store/shared/money';
import { useLang } from '#app/lib/use-lang.ts';
import { promptInstall } from '../utils/install-prompt.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * The install banner of spec §4: Android's own install prompt behind a button, or on iOS the
 * steps Safari needs (it has no prompt). Closing it is remembered by the parent for 24 hours.
 */
export function InstallBanner({ way, onClose }: { way: Exclude<InstallWay, null>; onClose: () => void }) {
  const t = useT();
  const lang = useLang();
  const coins = toUnits(PWA_BONUS_COINS);
  const ios = way === 'ios';
  return (
    <section className="pwa-banner" role="region" aria-label={t('pwa.install.label')} data-testid="install-banner">
      <img className="pwa-banner__icon" src="/icons/icon-192.png" alt="" width={44} height={44} />
      <div className="pwa-banner__body">
        <strong className="pwa-banner__title">{t(ios ? 'pwa.install.iosTitle' : 'pwa.install.title')}</strong>
        <p className="pwa-banner__text">
          {t(ios ? 'pwa.install.iosSteps' : 'pwa.install.text', { count: coins, coins: formatAmount(coins, { locale: lang }) })}
        </p>
      </div>
      {!ios && (
        <button type="button" className="btn btn--accent btn--s pwa-banner__action" onClick={() => void promptInstall().then(onClose)}>
          {t('pwa.install.button')}
        </button>
      )}
      <button type="button" className="pwa-banner__close" aria-label={t('pwa.close')} onClick={onClose} data-testid="install-banner-close">
        ×
      </button>
    </section>
  );
}
