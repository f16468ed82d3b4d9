import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { ButtonLink } from '../../components/ui/ButtonLink.tsx';
import { LanguageSwitch } from '../../components/ui/LanguageSwitch.tsx';
import { Logo } from '../../components/ui/Logo.tsx';
import { useAuthDialogs } from '../../lib/authDialogs.tsx';
import { useIsLoggedIn } from '../../lib/session/index.ts';
import { useReferralHref } from '../../lib/useReferralHref.ts';
import { useScrolled } from '../../lib/useScrolled.ts';
import { useLogout } from '../../lib/useLogout.ts';

const MENU = [
  { to: '/', key: 'home' },
  { to: '/aboutus', key: 'aboutUs' },
  { to: '/termsandconditions', key: 'terms' },
  { to: '/privacypolicy', key: 'privacy' },
  { to: '/Contacts', key: 'contactUs' },
] as const;

/**
 * The public header: logo, the site menu (a disclosure on small screens) with the language switch, and
 * Register / Login for
 * visitors or Race / Logout for players. Solid with a shadow once the page scrolls past 10 px.
 */
export function PublicHeader() {
  const { t } = useTranslation();
  const scrolled = useScrolled(10);
  const loggedIn = useIsLoggedIn();
  const { show } = useAuthDialogs();
  const logout = useLogout();
  const href = useReferralHref();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // A navigation closes the menu.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    }
    function onPointerDown(event: PointerEvent) {
      if (event.target instanceof Node && !navRef.current?.contains(event.target)) setMenuOpen(false);
    }
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen]);

  return (
    <header className="site-header" data-scrolled={scrolled ? 'true' : 'false'} data-testid="public-header">
      <div className="site-header__inner">
        <Link to={href('/')} className="site-header__home" aria-label={t('header.homeLink')}>
          <Logo name={t('common.brand')} />
        </Link>
        <nav ref={navRef} className="site-nav" aria-label={t('header.mainNav')}>
          <button
            ref={toggleRef}
            type="button"
            className="site-nav__toggle"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              {menuOpen ? (
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
              )}
            </svg>
            <span className="site-nav__toggle-label">{t('header.menu')}</span>
          </button>
          <ul id={menuId} className="site-nav__list" data-open={menuOpen ? 'true' : 'false'}>
            {MENU.map((item) => (
              <li key={item.to}>
                <NavLink to={href(item.to)} end className="site-nav__link" onClick={() => setMenuOpen(false)}>
                  {t(`nav.${item.key}`)}
                </NavLink>
              </li>
            ))}
            <li className="site-nav__language">
              <LanguageSwitch />
            </li>
          </ul>
        </nav>
        <div className="site-header__actions">
          {loggedIn ? (
            <>
              <ButtonLink to="/live" variant="accent" size="sm">
                {t('header.race')}
              </ButtonLink>
              <Button variant="ghost" size="sm" onClick={logout}>
                {t('header.logout')}
              </Button>
            </>
          ) : (
            <>
              <Button variant="ghost" size="sm" onClick={() => show('login')}>
                {t('header.login')}
              </Button>
              <Button variant="accent" size="sm" onClick={() => show('register')}>
                {t('header.register')}
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
