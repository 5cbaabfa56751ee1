import type { OrderChannelType as OrderChannel, OrderStatus } from '../enums/order.ts';
import type { AccountRoleType } from '../enums/account.ts';
import type { PaymentMethod } from '../enums/payment.ts';
import type { DepositType } from '../enums/trade.ts';

// The words Japanese fund sellers use for the spec §3 enumerations, one set for every screen and notice.

const orderChannelLabels: Readonly<Record<OrderChannel, string>> = {
  BUY: '買付',
  SELL: '解約',
  TSUMITATE: '積立買付',
  SCHEDULEDSELL: '定期売却',
};

const orderStatusLabels: Readonly<Record<OrderStatus, string>> = {
  ORDERED: '注文中',
  EXECUTED: '約定済',
  TRADED: '受渡済',
  COMPLETED: '受渡済',
  CANCELED: '取消済',
};

const paymentMethodLabels: Readonly<Record<PaymentMethod, string>> = {
  ACCOUNT_TRANSFER: '口座振替',
  CREDIT_CARD: 'クレジットカード',
};

/** How an order came: 買付, 解約, 積立買付, 定期売却. */
export function formatOrderChannel(channel: OrderChannel): string {
  return orderChannelLabels[channel];
}

/** 注文中, 約定済, 受渡済 (TRADED and COMPLETED alike), 取消済. */
export function formatOrderStatus(status: OrderStatus): string {
  return orderStatusLabels[status];
}

/** 口座振替 or クレジットカード. */
export function formatPaymentMethod(method: PaymentMethod): string {
  return paymentMethodLabels[method];
}

const accountRoleLabels: Readonly<Record<AccountRoleType, string>> = {
  ADULT: '個人口座',
  CORPORATION: '法人口座',
  CHILD: '未成年者口座',
  JUNIOR_NISA: 'ジュニアNISA口座',
};

/** The customer kind of an account (spec §3 AccountRoleType): 個人口座, 法人口座, 未成年者口座, ジュニアNISA口座. */
export function formatAccountRole(role: AccountRoleType): string {
  return accountRoleLabels[role];
}

const depositTypeLabels: Readonly<Record<DepositType, string>> = {
  ORDINARY: '普通',
  CURRENT: '当座',
};

/** 普通 or 当座, as a bank's passbook names the deposit. */
export function formatDepositType(type: DepositType): string {
  return depositTypeLabels[type];
}
