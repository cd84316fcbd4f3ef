import { Link } from 'react-router';
import type { FooterStats } from '@store/shared/api/live';
import { formatAmount } from '@store/shared/money';
import type { ConfigData } from '#app/lib/config.ts';
import { useLang, useLocalePath } from '#app/lib/use-lang.ts';
import { footerSocials, legalLinks } from './nav-items.ts';
import '#app/styles/shell.css';
import { useT } from '#app/lib/use-t.ts';

/**
 * Live counters, the legal pages, payment methods, contacts, the social pages (the Steam profile
 * lives here, decision 025) and the legal data of spec §1.
 */
export function Footer({ config, stats, onGuide }: { config: ConfigData; stats: FooterStats | undefined; onGuide?: () => void }) {
  const t = useT();
  // Card brands print as they are; the two national schemes are named in the page's language ("СБП" only on Russian pages).
  const paymentName = (m: string) => (/^(mir|sbp)$/i.test(m) ? t(`footer.paymentNames.${m.toLowerCase()}`) : m);
  const to = useLocalePath();
  const lang = useLang();
  const counters = stats ? ([['opened', stats.opened], ['users', stats.users], ['online', stats.online], ['battles', stats.battles], ['upgrades', stats.upgrades], ['arcanes', stats.arcanes]] as const) : [];
  return (
    <footer className="footer">
      {counters.length > 0 && (
        <div className="footer__stats" data-testid="footer-stats">
          {counters.map(([key, value]) => (
            <div key={key} className={`stat stat--${key}`}>
              <b>{formatAmount(value, { locale: lang })}</b>
              <span>{t(`footer.${key}`, { count: value })}</span>
            </div>
          ))}
        </div>
      )}
      <nav className="footer__links" aria-label={t('shell.footer.links')} data-testid="footer-links">
        {legalLinks.map((l) => (
          <Link key={l.key} to={to(l.path)} data-testid={`footer-${l.key}`}>
            {t(`shell.footer.${l.key}`)}
          </Link>
        ))}
        {onGuide && (
          <button type="button" className="footer__guide" onClick={onGuide} data-testid="footer-guide">
            {t('shell.guide.open')}
          </button>
        )}
      </nav>
      <div className="footer__grid">
        <div>
          <h2 className="footer__heading">{t('footer.payments')}</h2>
          <ul className="payments" data-testid="footer-payments">
            {config.footerPaymentMethods.map((m) => (
              <li key={m}>{paymentName(m)}</li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="footer__heading">{t('footer.contacts')}</h2>
          <p>
            {t('footer.support')}: <a href={`mailto:${config.contacts.supportMail}`}>{config.contacts.supportMail}</a>
          </p>
          <p>
            {t('footer.partners')}: <a href={`mailto:${config.contacts.partnerMail}`}>{config.contacts.partnerMail}</a>
          </p>
          <p>
            {t('shell.footer.ads')}: <a href={`mailto:${config.contacts.ad}`}>{config.contacts.ad}</a>
          </p>
          <div className="socials footer__socials">
            {footerSocials.map((s) => (
              <a key={s} href={config.socials[s]} target="_blank" rel="noreferrer noopener" className={`social social--${s}`} data-testid={`footer-social-${s}`}>
                {t(`social.${s}`)}
              </a>
            ))}
          </div>
        </div>
        <div className="footer__legal" data-testid="footer-legal">
          <h2 className="footer__heading">{t('footer.legal')}</h2>
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
