import { useId, type ReactNode } from 'react';

export interface CardProps {
  /** The card's heading; it names the section for screen readers. */
  readonly title?: ReactNode;
  /** h2 on a page, h3 inside a card's group. */
  readonly titleLevel?: 2 | 3;
  /** A link or button beside the heading (e.g. 「すべて見る」). */
  readonly action?: ReactNode;
  readonly className?: string;
  readonly children: ReactNode;
}

/** A titled block of a screen: the unit every screen is made of. */
export function Card({ title, titleLevel = 2, action, className, children }: CardProps) {
  const headingId = useId();
  const Heading = titleLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      className={className === undefined ? 'ui-card' : `ui-card ${className}`}
      aria-labelledby={title === undefined ? undefined : headingId}
    >
      {title === undefined && action === undefined ? null : (
        <div className="ui-card__header">
          {title === undefined ? null : (
            <Heading id={headingId} className="ui-card__title">
              {title}
            </Heading>
          )}
          {action}
        </div>
      )}
      {children}
    </section>
  );
}
