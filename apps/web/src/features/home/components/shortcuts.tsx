import type { AccountRoleType } from '@fund/contracts';
import { Link } from 'react-router';

interface Shortcut {
  readonly to: string;
  readonly label: string;
}

/**
 * What the customer does next, by role (decision 012 "Roles"): junior NISA buys nothing new since 2024;
 * corporations and children have no NISA; an unknown role sees what every role may see.
 */
export function shortcutsFor(role: AccountRoleType | null): readonly Shortcut[] {
  const buy = { to: '/trading', label: '購入する' };
  const plan = { to: '/trading', label: '積立を設定する' };
  const history = { to: '/cashflows', label: '入出金・取引履歴' };
  const nisa = { to: '/assets/nisaBalance', label: 'NISA口座の状況' };
  switch (role) {
    case 'ADULT':
      return [buy, plan, history, nisa];
    case 'CORPORATION':
    case 'CHILD':
      return [buy, plan, history];
    case 'JUNIOR_NISA':
      return [history, nisa];
    case null:
      return [history];
  }
}

export function Shortcuts({ role }: { readonly role: AccountRoleType | null }) {
  return (
    <nav className="home-shortcuts" aria-label="よく使うメニュー">
      <ul>
        {shortcutsFor(role).map((shortcut) => (
          <li key={shortcut.label}>
            <Link to={shortcut.to} className="home-shortcuts__link">
              {shortcut.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Junior NISA (domain.md §5): why there is nothing to buy, and what the customer can do. */
export function JuniorNisaNote() {
  return (
    <aside className="home-junior-note" aria-label="ジュニアNISAについて">
      <p>
        ジュニアNISAは2023年で新規の買付が終了しました。保有中の投資信託はそのまま非課税で運用でき、いつでも口座全体を非課税で払い出すことができます。
      </p>
    </aside>
  );
}
