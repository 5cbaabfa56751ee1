import type { ReactNode } from 'react';

export interface EmptyStateProps {
  readonly title: ReactNode;
  /** What the customer can do next. */
  readonly children?: ReactNode;
  /** A link or button to do it. */
  readonly action?: ReactNode;
}

/** An empty list says so and says what to do next. */
export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <div className="ui-empty-state">
      <p className="ui-empty-state__title">{title}</p>
      {children === undefined ? null : <div className="ui-empty-state__text">{children}</div>}
      {action === undefined ? null : <div className="ui-empty-state__action">{action}</div>}
    </div>
  );
}
