import { Link } from 'react-router';
import { useSiteConfig } from '#app/features/content/hooks/use-site-config.ts';
import '#app/features/content/content.css';
import { RouteError } from '#app/components/route-error.tsx';
import { useLocalePath } from '#app/lib/use-lang.ts';
import { useT } from '#app/lib/use-t.ts';

const mailboxes = ['support', 'partner', 'ad'] as const;
const networks = ['telegram', 'vk', 'steam', 'instagram'] as const;

/** /contacts (spec §2): the configuration's addresses (spec §1 contacts), socials and legal data. */
export default function Contacts() {
  const t = useT();
  const to = useLocalePath();
  const config = useSiteConfig();
  if (!config) return null;
  const mail = { support: config.contacts.supportMail, partner: config.contacts.partnerMail, ad: config.contacts.ad };
  return (
    <div className="doc doc--wide" data-testid="contacts-page">
      <header className="doc__head">
        <h1>{t('pages.contacts.title')}</h1>
        <p className="doc__subtitle">{t('pages.contacts.subtitle')}</p>
      </header>

      <div className="contact-cards">
        {mailboxes.map((m) => (
          <section key={m} className={`contact-card contact-card--${m}`} data-testid={`contact-${m}`}>
            <h2>{t(`pages.contacts.${m}.title`)}</h2>
            <p className="muted">{t(`pages.contacts.${m}.text`)}</p>
            <a className="contact-card__mail" href={`mailto:${mail[m]}`}>
              {mail[m]}
            </a>
          </section>
        ))}
      </div>

      <section className="contact-block">
        <h2>{t('pages.contacts.socials')}</h2>
        <ul className="contact-socials">
          {networks.map((n) => (
            <li key={n}>
              <a href={config.socials[n]} target="_blank" rel="noreferrer noopener" className={`contact-social contact-social--${n}`} data-testid={`contact-social-${n}`}>
                <span className="contact-social__dot" aria-hidden="true" />
                {t(`pages.contacts.socialNames.${n}`)}
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section className="contact-block" data-testid="contact-legal">
        <h2>{t('pages.contacts.legal')}</h2>
        <dl className="contact-legal">
          <div>
            <dt>{t('pages.contacts.beneficiary')}</dt>
            <dd>{config.legalData.beneficiary}</dd>
          </div>
          <div>
            <dt>{t('pages.contacts.registration')}</dt>
            <dd>{config.legalData.registrationNumber}</dd>
          </div>
          <div>
            <dt>{t('pages.contacts.address')}</dt>
            <dd>{config.legalData.address}</dd>
          </div>
        </dl>
      </section>

      <aside className="faq__more">
        <p className="muted">{t('pages.contacts.faqHint')}</p>
        <Link className="btn btn--secondary btn--m" to={to('/faq')}>
          {t('pages.contacts.toFaq')}
        </Link>
      </aside>
    </div>
  );
}

export const ErrorBoundary = RouteError;
