import { Link } from 'react-router';
import { FAST_MISSIONS, SOCIAL_MISSIONS } from '@store/shared/account';
import { PASS_LEVELS } from '@store/shared/battle-pass';
import { formatMinor, toUnits } from '@store/shared/money';
import { PUSH_MISSIONS, PWA_BONUS_COINS } from '@store/shared/pwa';
import type { Route } from './+types/bonuses';
import { BonusCard, type BonusIcon } from '#app/features/content/components/bonus-card.tsx';
import '#app/features/content/content.css';
import { RouteError } from '#app/components/route-error.tsx';
import { requireFeature } from '#app/lib/feature-gate.ts';
import { useFlag } from '#app/lib/use-flag.ts';
import { useLang, useLocalePath } from '#app/lib/use-lang.ts';
import { useMe } from '#app/lib/use-me.ts';
import { useUiState } from '#app/lib/ui-state.tsx';
import { useT } from '#app/lib/use-t.ts';

/** /bonuses (spec §2): behind the `bonus_page` flag, like every page of a feature that can be switched off. */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  await requireFeature({ context, request, url }, 'bonusPage');
  return null;
}

interface Way {
  icon: BonusIcon;
  /** Where it happens; null for the install steps further down this page. */
  path: string | null;
  /** The player must be signed in to go there. */
  player?: boolean;
}

const ways: Way[] = [
  { icon: 'daily', path: '/daily-cases' },
  { icon: 'free', path: '/daily-cases', player: true },
  { icon: 'missions', path: '/profile', player: true },
  { icon: 'pass', path: '/event/battle-pass' },
  { icon: 'promo', path: '/refill' },
  { icon: 'deposit', path: '/refill' },
  { icon: 'pwa', path: null },
];

/** Every way the store gives something (spec §1, §4, §9), each with what it is and a way to it. */
export default function Bonuses() {
  const t = useT();
  const to = useLocalePath();
  const me = useMe();
  const { openDialog } = useUiState();
  const freeCases = useFlag('freeCases');
  const lang = useLang();
  // Prizes are amounts, written as every amount is on the page (decision 049).
  const amount = (minor: number) => formatMinor(minor, { locale: lang });
  const values = {
    levels: PASS_LEVELS,
    coins: amount(PWA_BONUS_COINS),
    email: amount(FAST_MISSIONS.email.prize),
    trade: amount(FAST_MISSIONS.trade_link.prize),
    cases: amount(FAST_MISSIONS.open_cases.prize),
    social: amount(SOCIAL_MISSIONS.steam.prize),
    push: amount(PUSH_MISSIONS.push.prize),
    pushApp: amount(PUSH_MISSIONS.pushPWA.prize),
  };
  // The app's text counts its coins ("200 монет", "1 монета"): `count` picks the word, for it alone.
  const textOf = (w: Way) =>
    t(`pages.bonuses.items.${w.icon}.text`, w.icon === 'pwa' ? { ...values, count: toUnits(PWA_BONUS_COINS) } : values);
  const shown = ways.filter((w) => w.icon !== 'free' || freeCases);

  const actionOf = (w: Way) => {
    const label = t(`pages.bonuses.items.${w.icon}.action`);
    if (w.path === null)
      return (
        <a href="#pwa-install" className="btn btn--secondary btn--m">
          {label}
        </a>
      );
    if (w.player && !me)
      return (
        <button type="button" className="btn btn--accent btn--m" onClick={() => openDialog('login')}>
          {t('auth.signIn')}
        </button>
      );
    return (
      <Link to={to(w.path)} className="btn btn--accent btn--m">
        {label}
      </Link>
    );
  };

  return (
    <div className="doc doc--wide" data-testid="bonuses-page">
      <header className="doc__head">
        <h1>{t('pages.bonuses.title')}</h1>
        <p className="doc__subtitle">{t('pages.bonuses.subtitle')}</p>
      </header>
      {!me && (
        <div className="bonus-guest" data-testid="bonuses-guest">
          <p>{t('pages.bonuses.signInHint')}</p>
          <button type="button" className="btn btn--accent btn--m" onClick={() => openDialog('login')}>
            {t('auth.signIn')}
          </button>
        </div>
      )}
      <div className="bonus-grid">
        {shown.map((w) => (
          <BonusCard
            key={w.icon}
            icon={w.icon}
            testId={`bonus-${w.icon}`}
            title={t(`pages.bonuses.items.${w.icon}.title`)}
            text={textOf(w)}
            action={actionOf(w)}
          />
        ))}
      </div>
      <section id="pwa-install" className="contact-block bonus-install" data-testid="bonus-install">
        <h2>{t('pages.bonuses.pwaHowTitle')}</h2>
        <ol>
          {(t('pages.bonuses.pwaHow', { returnObjects: true }) as unknown as string[]).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </section>
    </div>
  );
}

export const ErrorBoundary = RouteError;
