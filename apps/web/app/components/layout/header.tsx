import { Link, NavLink } from 'react-router';
import { EventCoinIcon } from '../event-coin.tsx';
import { CoinIcon } from '../money.tsx';
import { useUiState } from '#app/lib/ui-state.tsx';
import { useMe } from '#app/lib/use-me.ts';
import { useLang, useLocalePath } from '#app/lib/use-lang.ts';
import { formatCoinsShort } from '@store/shared/money';
import { HeaderBalance } from './header-balance.tsx';
import { HeaderLevel } from './header-level.tsx';
import { LangSwitch } from './lang-switch.tsx';
import { LogoMark } from './logo-mark.tsx';
import { SoundSwitch } from './sound-switch.tsx';
import type { ConfigData } from '#app/lib/config.ts';
import { bottomMenu, bottomMenuRight, desktopMenu, labelOf, visibleItems } from './nav-items.ts';
import { useT } from '#app/lib/use-t.ts';

/** Logo, the desktop menu, the wallet (site currency and coins) and sign-in or the profile. */
export function Header({ title, flags }: { title: string; flags: ConfigData['flags'] }) {
  const t = useT();
  const me = useMe();
  const to = useLocalePath();
  const lang = useLang();
  const { openDialog, setMenuOpen } = useUiState();
  return (
    <>
      <header className="header">
        <div className="header__inner">
          <button type="button" className="btn btn--m btn--burger" aria-label={t('nav.menu')} onClick={() => setMenuOpen(true)} data-testid="menu-button">
            <span />
            <span />
            <span />
          </button>
          {/* Named by its visible word, not an aria-label: a label that differs from the text a
              player sees fails speech control ("click CaseStore") and Lighthouse's label-in-name. */}
          <Link to={to('/')} className="logo" title={title}>
            <LogoMark />
            <span className="logo__text">
              Case<b>Store</b>
            </span>
          </Link>
          <nav className="header__menu" aria-label={t('nav.main')}>
            {visibleItems(desktopMenu, flags).map((item) => (
              <NavLink key={item.key} to={to(item.path)} className="header__link" data-testid={`desktop-${item.key}`}>
                {t(labelOf(item))}
              </NavLink>
            ))}
          </nav>
          <div className="header__right">
            <SoundSwitch />
            <LangSwitch />
            {me ? (
              <>
                <div className="wallet">
                  <HeaderBalance key={me.userId} userId={me.userId} balance={me.finance.balance} />
                  <Link
                    to={to('/refill')}
                    className="wallet__topup"
                    aria-label={t('header.topUp')}
                    title={t('header.topUp')}
                    data-testid="top-up"
                  >
                    +
                  </Link>
                  <Link
                    to={to('/event/coin-cases')}
                    className="wallet__coins"
                    title={t('header.coins')}
                    data-testid="coins"
                    data-value={me.finance.coinBalance}
                  >
                    <EventCoinIcon size={16} />
                    {formatCoinsShort(me.finance.coinBalance, lang)}
                  </Link>
                </div>
                <HeaderLevel me={me} />
              </>
            ) : (
              <button type="button" className="btn btn--accent btn--m" onClick={() => openDialog('register')} data-testid="register-button">
                <CoinIcon size={14} />
                {t('header.signIn')}
              </button>
            )}
          </div>
        </div>
      </header>
      {/* Spec §2, the header's bottom: home and battles on the left, daily and the menu on the right (phones). Outside the
          header, whose backdrop filter would hold a fixed bar inside it. */}
      <nav className="tabbar" aria-label={t('nav.main')}>
        {visibleItems(bottomMenu, flags).map((item) => (
          <NavLink key={item.key} to={to(item.path)} end={item.path === '/'} className="tabbar__link" data-testid={`tabbar-${item.key}`}>
            <span aria-hidden="true">{item.icon}</span>
            {t(`nav.${item.key}`)}
          </NavLink>
        ))}
        {visibleItems(bottomMenuRight, flags).map((item, i) => (
          <NavLink
            key={item.key}
            to={to(item.path)}
            className={`tabbar__link${i === 0 ? ' tabbar__push' : ''}`}
            data-testid={`tabbar-${item.key}`}
          >
            <span aria-hidden="true">{item.icon}</span>
            {t(`nav.${item.key}`)}
          </NavLink>
        ))}
        <button type="button" className="tabbar__link" onClick={() => setMenuOpen(true)} data-testid="tabbar-menu">
          <span aria-hidden="true">☰</span>
          {t('nav.menu')}
        </button>
      </nav>
    </>
  );
}
