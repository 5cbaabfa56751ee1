import { useEffect, useRef, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { PageTransitionOutlet } from '../../components/page-transition/page-transition-outlet';
import { SERVICE_NAME } from '../../config/site';
import { signOut } from '../../lib/auth/sign-out';
import { useUiStore } from '../../lib/store/ui-store';
import './layouts.css';

/** The side menu lists the main pages of the default layout, by their page titles. */
const menuItems = [
  { to: '/', label: 'ホーム' },
  { to: '/assets', label: '資産状況' },
  { to: '/cashflows', label: '入出金' },
  { to: '/trading', label: '取引' },
  { to: '/notifications', label: 'お知らせ' },
  { to: '/mypage', label: 'マイページ' },
] as const;

const SIDE_MENU_ID = 'side-menu';

function SideMenu() {
  const shown = useUiStore((state) => state.sideMenuShown);
  const unread = useUiStore((state) => state.unreadInformationCount);
  return (
    <nav id={SIDE_MENU_ID} className="side-menu" aria-label="メニュー" hidden={!shown}>
      <ul className="side-menu__list">
        {menuItems.map(({ to, label }) => (
          <li key={to}>
            <NavLink to={to} end={to === '/'} className="side-menu__link">
              {label}
              {to === '/notifications' && unread > 0 ? <span className="badge">未読{unread}件</span> : null}
            </NavLink>
          </li>
        ))}
      </ul>
      <div className="side-menu__footer">
        <button type="button" className="side-menu__sign-out" onClick={() => void signOut()}>
          ログアウト
        </button>
      </div>
    </nav>
  );
}

/** The default layout's frame: header with the service name and the side-menu toggle, main, footer. */
export function DefaultLayoutFrame({ children }: { readonly children: ReactNode }) {
  const sideMenuShown = useUiStore((state) => state.sideMenuShown);
  const toggleSideMenu = useUiStore((state) => state.toggleSideMenu);
  const setSideMenuShown = useUiStore((state) => state.setSideMenuShown);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // a chosen page replaces the menu
  useEffect(() => {
    setSideMenuShown(false);
  }, [pathname, setSideMenuShown]);

  useEffect(() => {
    if (!sideMenuShown) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing) return;
      setSideMenuShown(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [sideMenuShown, setSideMenuShown]);

  return (
    <div className="layout layout--default">
      <a className="skip-link" href="#main">
        本文へ移動
      </a>
      <header className="site-header">
        <Link to="/" className="site-header__name">
          {SERVICE_NAME}
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="site-header__menu-button"
          aria-expanded={sideMenuShown}
          aria-controls={SIDE_MENU_ID}
          onClick={toggleSideMenu}
        >
          <span className="menu-icon" aria-hidden="true" />
          メニュー
        </button>
      </header>
      <SideMenu />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <p className="site-footer__name">{SERVICE_NAME}</p>
      </footer>
    </div>
  );
}

export function DefaultLayout() {
  return (
    <DefaultLayoutFrame>
      <PageTransitionOutlet />
    </DefaultLayoutFrame>
  );
}
