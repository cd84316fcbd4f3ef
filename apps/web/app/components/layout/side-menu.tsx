import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConfigData } from '#app/lib/config.ts';
import { useUiState } from '#app/lib/ui-state.tsx';
import { useMe } from '#app/lib/use-me.ts';
import { signOut } from '#app/lib/sign-out.ts';
import { useLang, useLocalePath } from '#app/lib/use-lang.ts';
import { sideMenu, socialLinks } from './nav-items.ts';

/** The side menu (burger): pages, sign-out and the social links. */
export function SideMenu({ socials, flags }: { socials: ConfigData['socials']; flags: ConfigData['flags'] }) {
  const { t } = useTranslation();
  const { menuOpen, setMenuOpen, openDialog } = useUiState();
  const me = useMe();
  const to = useLocalePath();
  const lang = useLang();
  const close = () => setMenuOpen(false);

  // The server ends the session and drops the cookie; a fresh load of the page starts as a guest
  // with nothing cached about the player.
  const logout = async () => {
    await signOut({ lang });
    window.location.reload();
  };

  return (
    <>
      <div className={`side-backdrop${menuOpen ? ' open' : ''}`} onClick={close} aria-hidden="true" />
      <aside className={`side-menu${menuOpen ? ' open' : ''}`} aria-hidden={!menuOpen} data-testid="side-menu">
        <button type="button" className="dialog__close side-menu__close" onClick={close} aria-label={t('common.close')}>
          ×
        </button>
        <nav>
          {sideMenu
            .filter((item) => !item.flag || flags[item.flag])
            .map((item) => (
              <NavLink key={item.key} to={to(item.path)} end={item.path === '/'} onClick={close} className="side-menu__link">
                <span aria-hidden="true">{item.icon}</span>
                {t(item.label ?? `nav.${item.key}`)}
              </NavLink>
            ))}
        </nav>
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
            <a key={s} href={socials[s]} target="_blank" rel="noreferrer noopener" className={`social social--${s}`}>
              {t(`social.${s}`)}
            </a>
          ))}
        </div>
      </aside>
    </>
  );
}
