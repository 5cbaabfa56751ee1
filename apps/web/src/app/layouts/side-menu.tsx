import type { AccountRoleType } from '@fund/contracts';
import { useEffect, useId, useRef } from 'react';
import { NavLink } from 'react-router';
import { useAccountRole } from '../../lib/auth/use-account-role';
import { signOut } from '../../lib/auth/sign-out';
import { useUiStore } from '../../lib/store/ui-store';

interface MenuItem {
  readonly to: string;
  readonly label: string;
  /** Only these roles see the entry; every role when absent. */
  readonly roles?: readonly AccountRoleType[];
}

interface MenuGroup {
  readonly label: string | null;
  readonly items: readonly MenuItem[];
}

/** Every page of the signed-in navigation, grouped as a customer looks for them. */
const menuGroups: readonly MenuGroup[] = [
  { label: null, items: [{ to: '/', label: 'ホーム' }] },
  {
    label: '資産',
    items: [
      { to: '/assets', label: '資産状況' },
      // decision 012 "Roles": a corporation and a child cannot hold NISA; a junior NISA account sees its
      // junior NISA holdings there. An unknown role gets what every role may see.
      { to: '/assets/nisaBalance', label: 'NISA口座の状況', roles: ['ADULT', 'JUNIOR_NISA'] },
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

function shownTo(item: MenuItem, role: AccountRoleType | null): boolean {
  return item.roles === undefined || (role !== null && item.roles.includes(role));
}

function MenuGroupList({
  group,
  role,
}: {
  readonly group: MenuGroup;
  readonly role: AccountRoleType | null;
}) {
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
        {group.items
          .filter((item) => shownTo(item, role))
          .map(({ to, label }) => (
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

const focusable = 'a[href], button:not([disabled])';

/** Keeps Tab inside the menu: from its last control to its first and back (the page behind is inert). */
function keepFocusInside(dialog: HTMLElement, event: KeyboardEvent) {
  if (event.key !== 'Tab') return;
  const controls = [...dialog.querySelectorAll<HTMLElement>(focusable)];
  const first = controls[0];
  const last = controls.at(-1);
  if (first === undefined || last === undefined) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

interface SideMenuProps {
  readonly id: string;
  /** Closes the menu and gives the focus back to the button that opened it. */
  readonly onClose: () => void;
}

/**
 * The side menu, opened by the tab bar's メニュー: a modal dialog over the page. The focus moves to its
 * first page and stays inside it, the page behind is inert (the layout), and Escape, 閉じる or a tap
 * beside it close it and give the focus back to メニュー.
 */
export function SideMenu({ id, onClose }: SideMenuProps) {
  const shown = useUiStore((state) => state.sideMenuShown);
  const role = useAccountRole();
  const navRef = useRef<HTMLElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!shown || dialog === null) return;
    navRef.current?.querySelector<HTMLElement>('a[href]')?.focus();
    const onKeyDown = (event: KeyboardEvent) => keepFocusInside(dialog, event);
    dialog.addEventListener('keydown', onKeyDown);
    return () => dialog.removeEventListener('keydown', onKeyDown);
  }, [shown]);

  return (
    <>
      {shown ? <div className="side-menu-backdrop" aria-hidden="true" onClick={onClose} /> : null}
      <div
        id={id}
        className="side-menu"
        role="dialog"
        aria-modal="true"
        aria-label="メニュー"
        ref={dialogRef}
        hidden={!shown}
      >
        <div className="side-menu__header">
          <button type="button" className="side-menu__close" onClick={onClose}>
            閉じる
          </button>
        </div>
        <nav ref={navRef} aria-label="メニュー">
          {menuGroups.map((group) => (
            <MenuGroupList key={group.label ?? ''} group={group} role={role} />
          ))}
          <div className="side-menu__footer">
            <button type="button" className="side-menu__sign-out" onClick={() => void signOut()}>
              ログアウト
            </button>
          </div>
        </nav>
      </div>
    </>
  );
}
