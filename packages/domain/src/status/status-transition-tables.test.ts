import { describe, expect, it } from 'vitest';
import { orderStatusValues } from '../enums/order.ts';
import { paymentStatusTypeValues } from '../enums/payment.ts';
import { scheduledSellStatusTypeValues } from '../enums/scheduled-sell.ts';
import { orderStatusMachine } from './order-status.ts';
import { paymentStatusMachine } from './payment-status.ts';
import { scheduledSellStatusMachine } from './scheduled-sell-status.ts';
import { InvalidTransitionError, type StateMachine } from './state-machine.ts';

/** Checks every (from, to) pair, allowed and forbidden, against the expected list of moves. */
function expectExactly<S extends string>(
  machine: StateMachine<S>,
  states: readonly S[],
  allowed: readonly (readonly [S, S])[],
): void {
  const expected = new Set(allowed.map(([from, to]) => `${from}→${to}`));
  for (const from of states) {
    for (const to of states) {
      const move = `${from}→${to}`;
      expect(machine.canTransition(from, to), move).toBe(expected.has(move));
      if (expected.has(move)) expect(() => machine.assertTransition(from, to)).not.toThrow();
      else expect(() => machine.assertTransition(from, to), move).toThrow(InvalidTransitionError);
    }
  }
}

describe('OrderStatus: ORDERED → EXECUTED → TRADED → COMPLETED, or ORDERED → CANCELED', () => {
  it('allows exactly these moves and no other of the 25 pairs', () => {
    expectExactly(orderStatusMachine, orderStatusValues, [
      ['ORDERED', 'EXECUTED'],
      ['ORDERED', 'CANCELED'],
      ['EXECUTED', 'TRADED'],
      ['TRADED', 'COMPLETED'],
    ]);
  });

  it('ends in COMPLETED or CANCELED', () => {
    expect(orderStatusValues.filter((status) => orderStatusMachine.isTerminal(status))).toEqual([
      'CANCELED',
      'COMPLETED',
    ]);
  });

  it('refuses to cancel a priced order, with a typed error naming the move', () => {
    expect(() => orderStatusMachine.assertTransition('EXECUTED', 'CANCELED')).toThrow(
      expect.objectContaining({
        code: 'invalid-transition',
        machine: 'OrderStatus',
        from: 'EXECUTED',
        to: 'CANCELED',
      }),
    );
  });
});

describe('PaymentStatusType: a monthly cycle NONE → PROCESSING → RECEIVED → SUCCESS, or FAILURE → RESET', () => {
  it('allows exactly these moves and no other of the 36 pairs', () => {
    expectExactly(paymentStatusMachine, paymentStatusTypeValues, [
      ['NONE', 'PROCESSING'],
      ['PROCESSING', 'RECEIVED'],
      ['PROCESSING', 'FAILURE'],
      ['RECEIVED', 'SUCCESS'],
      ['RECEIVED', 'FAILURE'],
      ['SUCCESS', 'PROCESSING'],
      ['FAILURE', 'RESET'],
      ['RESET', 'PROCESSING'],
    ]);
  });

  it('has no terminal state: a plan pays every month', () => {
    expect(paymentStatusTypeValues.some((status) => paymentStatusMachine.isTerminal(status))).toBe(false);
  });

  it('makes a failed month be reset before the next month’s debit starts', () => {
    expect(paymentStatusMachine.canTransition('FAILURE', 'PROCESSING')).toBe(false);
    expect(paymentStatusMachine.canTransition('FAILURE', 'RESET')).toBe(true);
    expect(paymentStatusMachine.canTransition('RESET', 'PROCESSING')).toBe(true);
  });
});

describe('ScheduledSellStatusType: ACTIVE ⇄ SUSPENDED, → CANCELED final', () => {
  it('allows exactly these moves and no other of the 9 pairs', () => {
    expectExactly(scheduledSellStatusMachine, scheduledSellStatusTypeValues, [
      ['ACTIVE', 'SUSPENDED'],
      ['SUSPENDED', 'ACTIVE'],
      ['ACTIVE', 'CANCELED'],
      ['SUSPENDED', 'CANCELED'],
    ]);
  });

  it('never brings a CANCELED plan back', () => {
    expect(scheduledSellStatusMachine.isTerminal('CANCELED')).toBe(true);
    expect(() => scheduledSellStatusMachine.assertTransition('CANCELED', 'ACTIVE')).toThrow(
      InvalidTransitionError,
    );
  });
});
