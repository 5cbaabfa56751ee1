import type { AccountRoleType, CreateScheduledSellBody } from '@fund/contracts';
import { useRef, useState } from 'react';
import { Button } from '../../../../components/button/button';
import { Card, EmptyState, ErrorState, Skeleton } from '../../../../components/ui';
import { newIdempotencyKey } from '../../../../lib/api/idempotency-key';
import { useScheduledSells } from '../../shared/api/get-plans';
import { useCreateScheduledSell } from '../api/post-scheduled-sell';
import type { SellRefusal } from '../../shared/sell-refusals';
import { scheduledSellRefusalOf } from '../scheduled-sell-refusal';
import { ScheduledSellEditor } from './scheduled-sell-editor';
import { ScheduledSellItem } from './scheduled-sell-item';

export interface ScheduledSellSectionProps {
  readonly fundCode: string;
  readonly role: AccountRoleType | null;
  /** Whether the customer holds the fund in the specific account (the only one a plan sells from). */
  readonly heldInSpecific: boolean;
  /** The server's business date (`/v1/assets` referenceDate). */
  readonly today: string;
}

/**
 * 定期売却 of this fund (domain.md §3): the instructions with their state and next order date, and the
 * set-up, change, 停止, 再開 and 解約 of one, each confirmed first. Specific accounts only, not for
 * corporations: the section says so instead of offering it.
 */
export function ScheduledSellSection({ fundCode, role, heldInSpecific, today }: ScheduledSellSectionProps) {
  const plans = useScheduledSells();
  const create = useCreateScheduledSell();
  const [creating, setCreating] = useState(false);
  const [refusal, setRefusal] = useState<SellRefusal | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // one key per intent: made when the customer reaches the confirmation, kept by every retry of it
  const intentKey = useRef<string | null>(null);

  const ofFund = plans.data?.scheduledSells.filter((plan) => plan.fund.code === fundCode) ?? [];
  const live = ofFund.some((plan) => plan.status !== 'CANCELED');
  const corporation = role === 'CORPORATION';

  const confirmCreate = (body: CreateScheduledSellBody) => {
    intentKey.current ??= newIdempotencyKey();
    setRefusal(null);
    create.mutate(
      { body, key: intentKey.current },
      {
        onSuccess: () => {
          intentKey.current = null;
          setCreating(false);
          setDone('定期売却を設定しました。');
        },
        onError: (error) => setRefusal(scheduledSellRefusalOf(error)),
      },
    );
  };

  return (
    <Card title="定期売却">
      <p className="sell-note">
        毎月または奇数月の16日（休業日の場合は翌営業日）に、ご指定の金額・口数・率で特定口座の保有分を売却します。代金は注文日から6営業日目にお預り金へ入金されます。
      </p>
      {done === null ? null : (
        <p className="sell-done" role="status">
          {done}
        </p>
      )}
      {corporation ? (
        <p className="sell-note sell-note--strong">
          法人のお客さまは定期売却をご利用いただけません。売却は上の「売却の内容」から都度ご注文ください。
        </p>
      ) : null}
      {plans.isPending ? (
        <Skeleton label="定期売却" lines={3} />
      ) : plans.isError ? (
        <ErrorState what="定期売却" retrying={plans.isFetching} onRetry={() => void plans.refetch()} />
      ) : (
        <>
          {ofFund.length === 0 ? (
            corporation ? null : (
              <EmptyState title="このファンドの定期売却は設定されていません。">
                {heldInSpecific
                  ? '取り崩しながら運用したいときは、定期売却を設定できます。'
                  : '定期売却は特定口座で保有しているファンドにのみ設定できます。'}
              </EmptyState>
            )
          ) : (
            <ul className="scheduled-sell-list" aria-label="このファンドの定期売却">
              {ofFund.map((plan) => (
                <ScheduledSellItem
                  key={plan.id}
                  plan={plan}
                  today={today}
                  onDone={(message) => setDone(message)}
                />
              ))}
            </ul>
          )}
          {corporation || live || !heldInSpecific ? null : creating ? (
            <ScheduledSellEditor
              fundCode={fundCode}
              today={today}
              confirmLabel="設定する"
              pending={create.isPending}
              refusal={refusal}
              onStepChange={(step) => {
                setRefusal(null);
                // back to the input: what is confirmed next is a new intent
                if (step === 'input') intentKey.current = null;
              }}
              onConfirm={confirmCreate}
              onClose={() => setCreating(false)}
            />
          ) : (
            <Button
              variant="outline"
              width="100%"
              onClick={() => {
                setDone(null);
                setCreating(true);
              }}
            >
              定期売却を設定する
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
