import { useId } from 'react';
import { NavLink } from 'react-router';
import { signOut } from '../../lib/auth/sign-out';
import { useUiStore } from '../../lib/store/ui-store';

interface MenuGroup {
  readonly label: string | null;
  readonly items: readonly { readonly to: string; readonly label: string }[];
}

/** Every page of the signed-in navigation, grouped as a customer looks for them. */
const menuGroups: readonly MenuGroup[] = [
  { label: null, items: [{ to: '/', label: 'ホーム' }] },
  {
    label: '資産',
    items: [
      { to: '/assets', label: '資産状況' },
      { to: '/assets/nisaBalance', label: 'NISA口座の状況' },
      { to: '/cashflows', label: '入出金・取引履歴' },
    ],
  },
  {
    label: '取引',
    items: [
      { to: '/trading', label: '取引' },
      { to: '/trading/monthlyDeposit', label: '毎月の入金' },
    ],
  },
  {
    label: 'お知らせ・設定',
    items: [
      { to: '/notifications', label: 'お知らせ' },
      { to: '/mypage', label: 'マイページ' },
      { to: '/mypage/changeAgent', label: '代理人の変更' },
    ],
  },
];

function MenuGroupList({ group }: { readonly group: MenuGroup }) {
  const labelId = useId();
  const unread = useUiStore((state) => state.unreadInformationCount);
  return (
    <div className="side-menu__group">
      {group.label === null ? null : (
        <p className="side-menu__group-label" id={labelId}>
          {group.label}
        </p>
      )}
      <ul className="side-menu__list" aria-labelledby={group.label === null ? undefined : labelId}>
        {group.items.map(({ to, label }) => (
          <li key={to}>
            {/* each entry is one page: /trading is not current on /trading/monthlyDeposit */}
            <NavLink to={to} end className="side-menu__link">
              {label}
              {to === '/notifications' && unread > 0 ? <span className="badge">未読{unread}件</span> : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The side menu, opened by the tab bar's メニュー. */
export function SideMenu({ id }: { readonly id: string }) {
  const shown = useUiStore((state) => state.sideMenuShown);
  return (
    <nav id={id} className="side-menu" aria-label="メニュー" hidden={!shown}>
      {menuGroups.map((group) => (
        <MenuGroupList key={group.label ?? ''} group={group} />
      ))}
      <div className="side-menu__footer">
        <button type="button" className="side-menu__sign-out" onClick={() => void signOut()}>
          ログアウト
        </button>
      </div>
    </nav>
  );
}
