import type { OrderView } from '@fund/contracts';
import { formatJapaneseDate, formatJapaneseDateTime } from '@fund/domain';

type StepState = 'done' | 'current' | 'upcoming' | 'canceled';

interface Step {
  readonly label: string;
  readonly date: string;
  readonly state: StepState;
}

const stateWords: Record<StepState, string> = {
  done: '済み',
  current: '待ち',
  upcoming: '予定',
  canceled: '取消',
};

/**
 * Where an order stands: 申込日 → 約定日 → 受渡日. The step being waited for is `current`; a cancelled
 * order stops after its 申込日.
 */
export function orderSteps(
  order: Pick<OrderView, 'status' | 'applicationDate' | 'tradeDate' | 'settlementDate'>,
): Step[] {
  const reached = { ORDERED: 1, EXECUTED: 2, TRADED: 3, COMPLETED: 3, CANCELED: 1 }[order.status];
  const dates = [
    { label: '申込日', date: order.applicationDate },
    { label: '約定日', date: order.tradeDate },
    { label: '受渡日', date: order.settlementDate },
  ];
  return dates.map((step, index) => ({
    ...step,
    state:
      index < reached
        ? 'done'
        : order.status === 'CANCELED'
          ? 'canceled'
          : index === reached
            ? 'current'
            : 'upcoming',
  }));
}

/** 2026年11月27日 that breaks only after 年 where a third of a phone's width is too narrow for it. */
function DateAtYear({ date }: { readonly date: string }) {
  const text = formatJapaneseDate(date);
  const cut = text.indexOf('年') + 1;
  return (
    <>
      {text.slice(0, cut)}
      <wbr />
      {text.slice(cut)}
    </>
  );
}

/** The order's dates as steps; while the order is open, its 取消期限 under them. */
export function OrderTimeline({ order }: { readonly order: OrderView }) {
  return (
    <>
      <ol className="order-timeline" aria-label="注文の進み具合">
        {orderSteps(order).map((step) => (
          <li
            key={step.label}
            className={`order-timeline__step order-timeline__step--${step.state}`}
            aria-current={step.state === 'current' ? 'step' : undefined}
          >
            <span className="order-timeline__marker" aria-hidden="true" />
            <span className="order-timeline__label">
              {step.label}
              <span className="order-timeline__state">（{stateWords[step.state]}）</span>
            </span>
            <time className="order-timeline__date" dateTime={step.date}>
              <DateAtYear date={step.date} />
            </time>
          </li>
        ))}
      </ol>
      {order.status === 'ORDERED' ? (
        <p className="order-timeline__deadline">
          取消期限：
          <time dateTime={order.cancelDeadline}>{formatJapaneseDateTime(order.cancelDeadline)}</time>まで
        </p>
      ) : null}
    </>
  );
}
