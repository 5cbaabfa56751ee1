import type { ReactNode } from 'react';

export interface DescriptionItem {
  readonly term: ReactNode;
  readonly value: ReactNode;
  /** A small line under the value (e.g. 「15:00まで」). */
  readonly note?: ReactNode;
}

/** Label/value rows: confirmation screens, an order's dates, a holding's details. Values right-aligned. */
export function DescriptionList({
  items,
  label,
}: {
  readonly items: readonly DescriptionItem[];
  readonly label?: string;
}) {
  return (
    <dl className="ui-description-list" aria-label={label}>
      {items.map((item, index) => (
        <div key={index} className="ui-description-list__row">
          <dt className="ui-description-list__term">{item.term}</dt>
          <dd className="ui-description-list__value">
            {item.value}
            {item.note === undefined ? null : <span className="ui-description-list__note">{item.note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
