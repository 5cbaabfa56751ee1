import { useId, type ReactNode } from 'react';
import { useFocusOnMount } from '../../lib/dom/use-focus-on-mount';

interface InlineQuestionProps {
  /** The question itself, 「…しますか」. */
  readonly question: ReactNode;
  /** What answering yes does, read with the question. */
  readonly description?: ReactNode;
  /** The heading level of the question when it is a heading; a paragraph otherwise. */
  readonly headingLevel?: 3 | 4;
  readonly className?: string;
  readonly questionClassName?: string;
  /** The answers (and any refusal), inside the question's dialog. */
  readonly children: ReactNode;
}

/**
 * A 「…しますか」 question asked in place of the button that raised it: an alert dialog (not modal) that
 * takes the focus when it appears, so a screen reader announces the question and what it does, and the
 * keyboard goes on to its answers instead of falling to the page's start.
 */
export function InlineQuestion({
  question,
  description,
  headingLevel,
  className,
  questionClassName,
  children,
}: InlineQuestionProps) {
  const questionId = useId();
  const descriptionId = useId();
  const ref = useFocusOnMount<HTMLDivElement>();
  const Question = headingLevel === undefined ? 'p' : (`h${headingLevel}` as const);
  return (
    <div
      ref={ref}
      role="alertdialog"
      aria-modal="false"
      aria-labelledby={questionId}
      aria-describedby={description === undefined ? undefined : descriptionId}
      tabIndex={-1}
      className={['ui-inline-question', className].filter(Boolean).join(' ')}
    >
      <Question id={questionId} className={questionClassName}>
        {question}
      </Question>
      {description === undefined ? null : <div id={descriptionId}>{description}</div>}
      {children}
    </div>
  );
}
