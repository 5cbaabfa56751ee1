export interface SkeletonProps {
  /** Text lines to stand for. */
  readonly lines?: number;
  /** A block (chart, figure) of this height in px instead of lines; keeps the layout from jumping. */
  readonly height?: number;
  /** What is loading, for screen readers (e.g. 「資産推移」). */
  readonly label: string;
}

/** The shape of content that is on its way: no spinner, no layout shift. */
export function Skeleton({ lines = 3, height, label }: SkeletonProps) {
  return (
    <div className="ui-skeleton" role="status">
      <span className="visually-hidden">{label}を読み込んでいます</span>
      {height === undefined ? (
        Array.from({ length: lines }, (_, index) => (
          <span key={index} className="ui-skeleton__line" aria-hidden="true" />
        ))
      ) : (
        <span className="ui-skeleton__block" style={{ height }} aria-hidden="true" />
      )}
    </div>
  );
}
