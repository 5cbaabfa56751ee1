import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isWriteScreen, readOnlyControlTitle, useReadOnly } from '../../lib/read-only/read-only';

export interface ListRowProps {
  readonly title: ReactNode;
  /** A second line under the title (account type, dates). */
  readonly subtitle?: ReactNode;
  /** Right-aligned: the figure the row is about. */
  readonly value?: ReactNode;
  /** Under the value (a change, a status badge). */
  readonly valueNote?: ReactNode;
  /**
   * The whole row links here (a ›-marked row). A write screen (lib/read-only) on read-only screens: the
   * row is shown as a disabled button, its content still read.
   */
  readonly to?: string;
  /** The whole row is a button that opens something in the page (a ›-marked row); ignored with `to`. */
  readonly onSelect?: () => void;
}

/** One row of a list: title and subtitle on the left, the figure right-aligned, optionally a link. */
export function ListRow({ title, subtitle, value, valueNote, to, onSelect }: ListRowProps) {
  const blocked = useReadOnly() && to !== undefined && isWriteScreen(to);
  const chevron = !blocked && (to !== undefined || onSelect !== undefined);
  const content = (
    <>
      <span className="ui-list-row__text">
        <span className="ui-list-row__title">{title}</span>{' '}
        {subtitle === undefined ? null : <span className="ui-list-row__subtitle">{subtitle}</span>}
      </span>{' '}
      {/* the spaces keep a screen reader's reading of a linked row from running the parts together */}
      {value === undefined && valueNote === undefined ? null : (
        <span className="ui-list-row__figures">
          {value === undefined ? null : <span className="ui-list-row__value">{value}</span>}{' '}
          {valueNote === undefined ? null : <span className="ui-list-row__note">{valueNote}</span>}
        </span>
      )}
      {chevron ? <span className="ui-list-row__chevron" aria-hidden="true" /> : null}
    </>
  );
  return (
    <li className="ui-list-row">
      {blocked ? (
        <button
          type="button"
          className="ui-list-row__body ui-list-row__body--button"
          disabled
          title={readOnlyControlTitle}
        >
          {content}
        </button>
      ) : to !== undefined ? (
        <Link to={to} className="ui-list-row__body ui-list-row__body--link">
          {content}
        </Link>
      ) : onSelect !== undefined ? (
        <button
          type="button"
          className="ui-list-row__body ui-list-row__body--link ui-list-row__body--button"
          onClick={onSelect}
        >
          {content}
        </button>
      ) : (
        <div className="ui-list-row__body">{content}</div>
      )}
    </li>
  );
}

/** The list the rows go in. */
export function List({ label, children }: { readonly label?: string; readonly children: ReactNode }) {
  return (
    <ul className="ui-list" aria-label={label}>
      {children}
    </ul>
  );
}
