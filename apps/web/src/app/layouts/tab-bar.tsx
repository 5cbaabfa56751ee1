import type { ComponentType, Ref } from 'react';
import { Link, useLocation } from 'react-router';
import { useUiStore } from '../../lib/store/ui-store';
import { AssetsIcon, HomeIcon, MenuIcon, NoticeIcon, TradingIcon } from './tab-icons';
import { currentTab, type TabKey } from './tab-sections';
import './tab-bar.css';

const tabs: readonly { key: TabKey; to: string; label: string; Icon: ComponentType }[] = [
  { key: 'home', to: '/', label: 'ホーム', Icon: HomeIcon },
  { key: 'assets', to: '/assets', label: '資産', Icon: AssetsIcon },
  { key: 'trading', to: '/trading', label: '取引', Icon: TradingIcon },
  { key: 'notifications', to: '/notifications', label: 'お知らせ', Icon: NoticeIcon },
];

/** The badge shows at most two digits; the accessible name keeps the real count. */
function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

interface TabBarProps {
  readonly sideMenuId: string;
  readonly menuButtonRef: Ref<HTMLButtonElement>;
}

/**
 * The bottom tab bar of the signed-in pages. The tab of the page itself is `aria-current="page"`; on a
 * page below a tab's page (NISA under 資産) the tab is `aria-current="true"`: current section, but a tap
 * still leads to another page. メニュー is the one toggle of the side menu.
 */
export function TabBar({ sideMenuId, menuButtonRef }: TabBarProps) {
  const { pathname } = useLocation();
  const unread = useUiStore((state) => state.unreadInformationCount);
  const sideMenuShown = useUiStore((state) => state.sideMenuShown);
  const toggleSideMenu = useUiStore((state) => state.toggleSideMenu);
  const section = currentTab(pathname);

  return (
    <nav className="tab-bar" aria-label="主なページ">
      <ul className="tab-bar__list">
        {tabs.map(({ key, to, label, Icon }) => {
          const badge = key === 'notifications' && unread > 0;
          return (
            <li key={key} className="tab-bar__item">
              <Link
                to={to}
                className="tab-bar__tab"
                aria-current={section === key ? (pathname === to ? 'page' : 'true') : undefined}
              >
                <span className="tab-bar__icon-box">
                  <Icon />
                </span>
                <span className="tab-bar__label">{label}</span>
                {/* the name reads "お知らせ 未読3件"; the badge shows the number alone */}
                {badge ? (
                  <>
                    <span className="visually-hidden"> 未読{unread}件</span>
                    <span className="tab-bar__badge" aria-hidden="true">
                      {badgeText(unread)}
                    </span>
                  </>
                ) : null}
              </Link>
            </li>
          );
        })}
        <li className="tab-bar__item">
          <button
            ref={menuButtonRef}
            type="button"
            className="tab-bar__tab"
            aria-expanded={sideMenuShown}
            aria-controls={sideMenuId}
            onClick={toggleSideMenu}
          >
            <span className="tab-bar__icon-box">
              <MenuIcon />
            </span>
            <span className="tab-bar__label">メニュー</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
