import type { ScheduledSell } from '@fund/contracts';
import { formatJapaneseDateWithWeekday } from '@fund/domain';
import { useState } from 'react';
import { Button } from '../../../../components/button/button';
import { Badge, DescriptionList, InlineQuestion, type BadgeTone } from '../../../../components/ui';
import { useMoveScheduledSell, type ScheduledSellMove } from '../api/post-scheduled-sell-move';
import { useChangeScheduledSell } from '../api/put-scheduled-sell';
import { scheduledSellFrequencyLabels, scheduledSellStatusLabels } from '../../shared/sell-labels';
import type { SellRefusal } from '../../shared/sell-refusals';
import { scheduledSellRefusalOf } from '../scheduled-sell-refusal';
import { nextScheduledSellDates } from '../sell-schedule';
import { ScheduledSellEditor, scheduledSellFigureText } from './scheduled-sell-editor';

const statusTones: Record<ScheduledSell['status'], BadgeTone> = {
  ACTIVE: 'success',
  SUSPENDED: 'warning',
  CANCELED: 'neutral',
};

const moves: Record<
  ScheduledSellMove,
  { readonly button: string; readonly question: string; readonly done: string }
> = {
  suspend: {
    button: '停止する',
    question: 'この定期売却を停止しますか。停止中は売却の注文を出しません。再開はいつでもできます。',
    done: '定期売却を停止しました。',
  },
  resume: {
    button: '再開する',
    question: 'この定期売却を再開しますか。次の注文日から売却の注文を出します。',
    done: '定期売却を再開しました。',
  },
  cancel: {
    button: '解約する',
    question:
      'この定期売却を解約しますか。解約すると元に戻せません。再び売却するには新しく設定してください。',
    done: '定期売却を解約しました。',
  },
};

type Mode =
  | { readonly kind: 'view' }
  | { readonly kind: 'change' }
  | { readonly kind: 'move'; readonly move: ScheduledSellMove };

/** One 定期売却 instruction: its terms and state, the next order date, and 変更 / 停止 / 再開 / 解約. */
export function ScheduledSellItem({
  plan,
  today,
  onDone,
}: {
  readonly plan: ScheduledSell;
  readonly today: string;
  /** What was done, for the section's status line. */
  readonly onDone: (message: string) => void;
}) {
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const [refusal, setRefusal] = useState<SellRefusal | null>(null);
  const move = useMoveScheduledSell();
  const change = useChangeScheduledSell();
  const dates = plan.status === 'ACTIVE' ? nextScheduledSellDates(plan.frequency, today) : null;
  const title = scheduledSellFigureText(plan.type, plan.value);

  const open = (next: Mode) => {
    setRefusal(null);
    setMode(next);
  };

  const runMove = (what: ScheduledSellMove) =>
    move.mutate(
      { id: plan.id, move: what },
      {
        onSuccess: () => {
          open({ kind: 'view' });
          onDone(moves[what].done);
        },
        onError: (error) => setRefusal(scheduledSellRefusalOf(error)),
      },
    );

  return (
    <li className="scheduled-sell-item">
      <div className="scheduled-sell-item__head">
        <span className="scheduled-sell-item__title">{title}</span>
        <Badge tone={statusTones[plan.status]}>{scheduledSellStatusLabels[plan.status]}</Badge>
      </div>
      <DescriptionList
        label={`定期売却 ${title}`}
        items={[
          { term: '口座', value: '特定口座' },
          { term: '頻度', value: scheduledSellFrequencyLabels[plan.frequency] },
          ...(dates === null
            ? []
            : [
                {
                  term: '次回の注文日（予定）',
                  value: formatJapaneseDateWithWeekday(dates.orderDate),
                  note: `受取日（予定）${formatJapaneseDateWithWeekday(dates.payoutDate)}`,
                },
              ]),
        ]}
      />
      {plan.status === 'SUSPENDED' ? <p className="sell-note">停止中は売却の注文を出しません。</p> : null}
      {mode.kind === 'change' ? (
        <ScheduledSellEditor
          fundCode={plan.fund.code}
          today={today}
          initial={plan}
          confirmLabel="変更する"
          pending={change.isPending}
          refusal={refusal}
          onStepChange={() => setRefusal(null)}
          onClose={() => open({ kind: 'view' })}
          onConfirm={(body) =>
            change.mutate(
              { id: plan.id, body: { type: body.type, value: body.value, frequency: body.frequency } },
              {
                onSuccess: () => {
                  open({ kind: 'view' });
                  onDone('定期売却の内容を変更しました。次回の注文から新しい内容で売却します。');
                },
                onError: (error) => setRefusal(scheduledSellRefusalOf(error)),
              },
            )
          }
        />
      ) : null}
      {mode.kind === 'move' ? (
        <InlineQuestion
          className="scheduled-sell-item__confirm"
          questionClassName="sell-note sell-note--strong"
          question={moves[mode.move].question}
        >
          {refusal === null ? null : (
            <p className="sell-form__error" role="alert">
              {refusal.message}
            </p>
          )}
          <div className="sell-actions">
            <Button
              variant={mode.move === 'cancel' ? 'danger' : 'primary'}
              width="100%"
              loading={move.isPending}
              onClick={() => runMove(mode.move)}
            >
              {moves[mode.move].button}
            </Button>
            <Button variant="outline" width="100%" onClick={() => open({ kind: 'view' })}>
              やめる
            </Button>
          </div>
        </InlineQuestion>
      ) : null}
      {mode.kind === 'view' && plan.status !== 'CANCELED' ? (
        <div className="scheduled-sell-item__actions">
          <Button variant="outline" onClick={() => open({ kind: 'change' })}>
            変更する
          </Button>
          {plan.status === 'ACTIVE' ? (
            <Button variant="outline" onClick={() => open({ kind: 'move', move: 'suspend' })}>
              停止する
            </Button>
          ) : (
            <Button variant="outline" onClick={() => open({ kind: 'move', move: 'resume' })}>
              再開する
            </Button>
          )}
          <Button variant="outline" onClick={() => open({ kind: 'move', move: 'cancel' })}>
            解約する
          </Button>
        </div>
      ) : null}
    </li>
  );
}
