import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { useFocusTrap } from '../dialog.tsx';
import type { ConfigData } from '#app/lib/config.ts';
import { useUiState } from '#app/lib/ui-state.tsx';
import { useMe } from '#app/lib/use-me.ts';
import { signOut } from '#app/lib/sign-out.ts';
import { useLang, useLocalePath } from '#app/lib/use-lang.ts';
import { labelOf, sideExtras, sideMenu, socialLinks, visibleItems, type NavItem } from './nav-items.ts';
import { SoundSwitch } from './sound-switch.tsx';
import { useGuideSeen } from './use-guide.ts';
import { useT } from '#app/lib/use-t.ts';

/**
 * The side menu (burger): the spec's pages, then the store's other places (the event, techies) and
 * the guide, the account and the three social links.
 */
export function SideMenu({ socials, flags, onGuide }: { socials: ConfigData['socials']; flags: ConfigData['flags']; onGuide(): void }) {
  const t = useT();
  const { menuOpen, setMenuOpen, openDialog } = useUiState();
  const me = useMe();
  const to = useLocalePath();
  const lang = useLang();
  const close = () => setMenuOpen(false);
  // Open, it is a modal for the keyboard too: focus moves in, Tab stays inside, Escape closes, and
  // focus goes back to the menu button.
  const box = useRef<HTMLElement>(null);
  useFocusTrap(box, menuOpen);
  useEffect(() => {
    if (!menuOpen) return;
    box.current?.querySelector<HTMLElement>('.side-menu__close')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen, setMenuOpen]);

  // The server ends the session and drops the cookie; a fresh load of the page starts as a guest
  // with nothing cached about the player.
  const logout = async () => {
    await signOut({ lang });
    window.location.reload();
  };

  return (
    <>
      <div className={`side-backdrop${menuOpen ? ' open' : ''}`} onClick={close} aria-hidden="true" />
      <aside
        ref={box}
        className={`side-menu${menuOpen ? ' open' : ''}`}
        role="dialog"
        aria-modal={menuOpen}
        aria-label={t('nav.menu')}
        aria-hidden={!menuOpen}
        data-testid="side-menu"
      >
        <button type="button" className="dialog__close side-menu__close" onClick={close} aria-label={t('common.close')}>
          ×
        </button>
        <nav data-testid="side-menu-main">
          {visibleItems(sideMenu, flags).map((item) => (
            <MenuLink key={item.key} item={item} href={to(item.path)} onClick={close} />
          ))}
        </nav>
        <nav className="side-menu__extras" aria-label={t('shell.nav.more')} data-testid="side-menu-extras">
          {visibleItems(sideExtras, flags).map((item) => (
            <MenuLink key={item.key} item={item} href={to(item.path)} onClick={close} />
          ))}
          <button
            type="button"
            className="side-menu__link"
            data-testid="menu-guide"
            onClick={() => {
              close();
              onGuide();
            }}
          >
            <span aria-hidden="true">ℹ</span>
            {t('shell.guide.open')}
            <GuideNewMark />
          </button>
        </nav>
        {/* Phones keep the sound switch here: the header has no room for it beside the wallet (the stylesheet shows one of the two). */}
        <div className="side-menu__sound">
          <span aria-hidden="true">{t('header.sound')}</span>
          <SoundSwitch testId="menu-sound-switch" />
        </div>
        <div className="side-menu__account">
          {me ? (
            <>
              <NavLink to={to('/profile/settings')} onClick={close} className="btn btn--secondary btn--m" data-testid="menu-settings">
                {t('account.title')}
              </NavLink>
              <button type="button" className="btn btn--secondary btn--m" onClick={logout} data-testid="logout">
                {t('auth.logout')}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="btn btn--accent btn--m"
              onClick={() => {
                close();
                openDialog('login');
              }}
            >
              {t('auth.signIn')}
            </button>
          )}
        </div>
        <div className="socials">
          {socialLinks.map((s) => (
            <a key={s} href={socials[s]} target="_blank" rel="noreferrer noopener" className={`social social--${s}`} data-testid={`menu-social-${s}`}>
              {t(`social.${s}`)}
            </a>
          ))}
        </div>
      </aside>
    </>
  );
}

function MenuLink({ item, href, onClick }: { item: NavItem; href: string; onClick(): void }) {
  const t = useT();
  return (
    <NavLink to={href} end={item.path === '/'} onClick={onClick} className="side-menu__link" data-testid={`menu-${item.key}`}>
      <span aria-hidden="true">{item.icon}</span>
      {t(labelOf(item))}
    </NavLink>
  );
}

/** The guide entry's "new" mark until the guide is read once (decision 025). */
function GuideNewMark() {
  const t = useT();
  if (useGuideSeen()) return null;
  return (
    <em className="side-menu__new" data-testid="menu-guide-new">
      {t('shell.guide.new')}
    </em>
  );
}
