import type { RecurringPurchase } from '@fund/contracts';
import {
  formatJapaneseDateWithWeekday,
  formatYearMonth,
  jstDateOf,
  nextYearMonth,
  scheduleChangeEffectiveMonth,
  transferDebitDate,
  yearMonthOf,
} from '@fund/domain';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../../components/button/button';
import { InlineQuestion } from '../../../../components/ui';
import { useFocusOnMount } from '../../../../lib/dom/use-focus-on-mount';
import { LinkButton } from '../../../../components/button/link-button';
import { newIdempotencyKey } from '../../../../lib/api/idempotency-key';
import { useMoveRecurringPurchase, type RecurringPurchaseMove } from '../api/post-recurring-purchase-move';
import { stepPath } from '../scheduled-buy-draft';
import { planRefusalOf } from '../../shared/scheduled-buy-refusal';
import { datesOfMonth } from '../scheduled-buy-rules';

/** The next debit date after `now`: this month's when it is still ahead, else next month's. */
function nextDebitDate(now: Date): string {
  const today = jstDateOf(now);
  const thisMonth = yearMonthOf(today);
  const thisDebit = transferDebitDate(thisMonth);
  return today < thisDebit ? thisDebit : transferDebitDate(nextYearMonth(thisMonth));
}

const moveCopy: Record<
  RecurringPurchaseMove,
  { label: string; title: string; confirm: string; done: string }
> = {
  suspend: {
    label: '積立を停止する',
    title: '積立を停止しますか',
    confirm: '停止する',
    done: '積立を停止しました。再開するまでお引落し・買付は行いません。',
  },
  resume: {
    label: '積立を再開する',
    title: '積立を再開しますか',
    confirm: '再開する',
    done: '積立を再開しました。',
  },
  cancel: {
    label: '積立を解約する',
    title: '積立を解約しますか',
    confirm: '解約する',
    done: '積立の解約を受け付けました。',
  },
};

/** What the change did, with the focus: the question and its buttons it replaces are gone. */
function DoneMessage({ text }: { readonly text: string }) {
  const ref = useFocusOnMount<HTMLParagraphElement>();
  return (
    <p ref={ref} className="scheduled-buy__done" role="status" tabIndex={-1}>
      {text}
    </p>
  );
}

function effectText(move: RecurringPurchaseMove, now: Date): string {
  const next = formatJapaneseDateWithWeekday(nextDebitDate(now));
  switch (move) {
    case 'suspend':
      return `本日停止すると、次回${next}のお引落しから、再開するまでお引落し・買付を行いません。`;
    case 'resume':
      return `本日再開すると、次回${next}のお引落しから積立を再開します。`;
    case 'cancel': {
      const month = formatYearMonth(datesOfMonth(scheduleChangeEffectiveMonth(now)).startMonth);
      return `解約は取り消せません。${month}分から積立を行いません（お引落しも行いません）。もう一度積み立てるには、新しく設定してください。`;
    }
  }
}

/** Change, suspend, resume and cancel of one plan, each behind its own confirmation. */
export function PlanActions({ plan, code }: { readonly plan: RecurringPurchase; readonly code: string }) {
  const [asking, setAsking] = useState<{ move: RecurringPurchaseMove; key: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const mutation = useMoveRecurringPurchase();
  const actionsRef = useRef<HTMLDivElement>(null);
  // やめる gives the focus back to the button that asked the question, once it is back on screen
  const answeredNo = useRef<RecurringPurchaseMove | null>(null);
  useEffect(() => {
    if (answeredNo.current === null || asking !== null) return;
    actionsRef.current?.querySelector<HTMLElement>(`[data-move="${answeredNo.current}"]`)?.focus();
    answeredNo.current = null;
  }, [asking]);
  if (plan.status === 'CANCELED') {
    return (
      <>
        {done === null ? null : <DoneMessage key={done} text={done} />}
        <p className="scheduled-buy__note">
          この積立は解約済みです。もう一度積み立てるには新しく設定してください。
        </p>
      </>
    );
  }
  const moves: RecurringPurchaseMove[] =
    plan.status === 'ACTIVE' ? ['suspend', 'cancel'] : ['resume', 'cancel'];
  const refusal = mutation.error === null ? null : planRefusalOf(mutation.error);
  const ask = (move: RecurringPurchaseMove) => {
    mutation.reset();
    setDone(null);
    // a new intent: its own key, reused by every retry of this confirmation
    setAsking({ move, key: newIdempotencyKey() });
  };
  return (
    <div className="scheduled-buy__actions" ref={actionsRef}>
      {done === null ? null : <DoneMessage key={done} text={done} />}
      {asking === null ? (
        <>
          <LinkButton
            variant="outline"
            to={stepPath(code, 'inputType', {
              plan: plan.id,
              paymentMethod: plan.pendingChange?.terms?.paymentMethod ?? plan.paymentMethod,
            })}
          >
            金額・お支払い方法を変更する
          </LinkButton>
          {moves.map((move) => (
            <Button
              key={move}
              data-move={move}
              variant={move === 'cancel' ? 'danger' : 'outline'}
              onClick={() => ask(move)}
            >
              {moveCopy[move].label}
            </Button>
          ))}
        </>
      ) : (
        <InlineQuestion
          className="scheduled-buy__confirm-move"
          questionClassName="scheduled-buy__confirm-title"
          headingLevel={3}
          question={moveCopy[asking.move].title}
          description={<p className="scheduled-buy__note">{effectText(asking.move, new Date())}</p>}
        >
          {refusal === null ? null : (
            <p className="ui-field__error" role="alert">
              {refusal.message}
            </p>
          )}
          <Button
            variant={asking.move === 'cancel' ? 'danger' : 'primary'}
            loading={mutation.isPending}
            onClick={() =>
              mutation.mutate(
                { id: plan.id, move: asking.move, key: asking.key },
                {
                  onSuccess: () => {
                    setDone(moveCopy[asking.move].done);
                    setAsking(null);
                  },
                },
              )
            }
          >
            {moveCopy[asking.move].confirm}
          </Button>
          <Button
            variant="text"
            onClick={() => {
              answeredNo.current = asking.move;
              setAsking(null);
            }}
          >
            やめる
          </Button>
        </InlineQuestion>
      )}
    </div>
  );
}
