import { useTranslation } from 'react-i18next';
import type { FooterStats } from '@store/shared/api/live';
import type { ConfigData } from '#app/lib/config.ts';

/** Live counters, payment methods, contacts and the legal data of spec §1. */
export function Footer({ config, stats }: { config: ConfigData; stats: FooterStats | undefined }) {
  const { t } = useTranslation();
  const counters = stats ? ([['opened', stats.opened], ['users', stats.users], ['online', stats.online], ['battles', stats.battles], ['upgrades', stats.upgrades]] as const) : [];
  return (
    <footer className="footer">
      <div className="footer__stats" data-testid="footer-stats">
        {counters.map(([key, value]) => (
          <div key={key} className={`stat stat--${key}`}>
            <b>{value.toLocaleString('ru-RU').replace(/\u00a0/g, ' ')}</b>
            <span>{t(`footer.${key}`)}</span>
          </div>
        ))}
      </div>
      <div className="footer__grid">
        <div>
          <h3>{t('footer.payments')}</h3>
          <ul className="payments">
            {config.footerPaymentMethods.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
        <div>
          <h3>{t('footer.contacts')}</h3>
          <p>
            {t('footer.support')}: <a href={`mailto:${config.contacts.supportMail}`}>{config.contacts.supportMail}</a>
          </p>
          <p>
            {t('footer.partners')}: <a href={`mailto:${config.contacts.partnerMail}`}>{config.contacts.partnerMail}</a>
          </p>
        </div>
        <div className="footer__legal">
          <h3>{t('footer.legal')}</h3>
          <p>{config.legalData.beneficiary}</p>
          <p>
            {t('footer.registration')} {config.legalData.registrationNumber}
          </p>
          <p>{config.legalData.address}</p>
        </div>
      </div>
      <p className="footer__note muted">{t('footer.note', { year: 2026, title: config.title })}</p>
    </footer>
  );
}
