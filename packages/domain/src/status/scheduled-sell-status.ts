import type { ScheduledSellStatusType } from '../enums/scheduled-sell.ts';
import { defineStateMachine, type TransitionTable } from './state-machine.ts';

/** 定期売却 status: ACTIVE and SUSPENDED switch back and forth (停止 / 再開); CANCELED (解約) is final. */
export const scheduledSellStatusTransitions = {
  ACTIVE: ['SUSPENDED', 'CANCELED'],
  SUSPENDED: ['ACTIVE', 'CANCELED'],
  CANCELED: [],
} as const satisfies TransitionTable<ScheduledSellStatusType>;

export const scheduledSellStatusMachine = defineStateMachine<ScheduledSellStatusType>(
  'ScheduledSellStatusType',
  scheduledSellStatusTransitions,
);
