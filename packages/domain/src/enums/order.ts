import { isOneOf } from './enum-values.ts';

/** Where an order came from (spec §3): spot buy, spot sell, recurring purchase (積立), scheduled sell. */
export const orderChannelTypeValues = ['BUY', 'SELL', 'TSUMITATE', 'SCHEDULEDSELL'] as const;
export type OrderChannelType = (typeof orderChannelTypeValues)[number];
export const isOrderChannelType = (value: unknown): value is OrderChannelType =>
  isOneOf(orderChannelTypeValues, value);

/** A buy by amount (金額指定) or by unit count (口数指定). */
export const orderTypeBuyValues = ['AMOUNT', 'QUANTITY'] as const;
export type OrderTypeBuy = (typeof orderTypeBuyValues)[number];
export const isOrderTypeBuy = (value: unknown): value is OrderTypeBuy => isOneOf(orderTypeBuyValues, value);

/** A sell by amount, by unit count, or of every held unit (全部解約). */
export const orderTypeSellValues = ['AMOUNT', 'QUANTITY', 'ALL'] as const;
export type OrderTypeSell = (typeof orderTypeSellValues)[number];
export const isOrderTypeSell = (value: unknown): value is OrderTypeSell =>
  isOneOf(orderTypeSellValues, value);

/** Order status (spec §3); the allowed moves are in `status/order-status.ts`. */
export const orderStatusValues = ['ORDERED', 'EXECUTED', 'CANCELED', 'TRADED', 'COMPLETED'] as const;
export type OrderStatus = (typeof orderStatusValues)[number];
export const isOrderStatus = (value: unknown): value is OrderStatus => isOneOf(orderStatusValues, value);
