import {
  ErrorCode,
  type AccountEvent,
  type DepositReceivedEvent,
  type InboundEventAnswer,
  type TradingStatusEvent,
} from '@fund/contracts';
import { isoDate, jstDateOf } from '@fund/domain';
import {
  credit,
  debit,
  postJournalEntry,
  recordBankTransfer,
  type Customer,
  type Database,
  type NewCustomer,
  type Transaction,
} from '@fund/db';
import { recordAudit } from '../../audit/audit-log.ts';
import { AppError, ConflictError, NotFoundError } from '../../errors/app-error.ts';
import {
  claimInboundEvent,
  closeAccounts,
  insertCustomer,
  lockCustomerByAccountNumber,
  openAccounts,
  remainingBusinessOf,
  setInboundEventCustomer,
  updateCustomer,
} from './inbound-accounts.repository.ts';

/** Who sent an event, for the audit trail. */
const senders = { account: 'partner:account-opening', trading: 'partner:trading-system' } as const;

interface Received {
  /** SHA-256 of the raw body: the same event id resent with another body is refused. */
  readonly bodyHash: string;
  readonly requestId: string;
  readonly now: Date;
}

/**
 * Applies an event once: in one transaction with its record in `inbound_events`, so a resend (a retry
 * after a timeout, the same body) answers `already-applied` and changes nothing, and a failure leaves no
 * record and can be sent again.
 */
async function applyOnce(
  db: Database,
  event: { eventId: string; type: string },
  received: Received,
  apply: (tx: Transaction) => Promise<string>,
): Promise<InboundEventAnswer> {
  return db.transaction(async (tx) => {
    const claim = await claimInboundEvent(tx, { ...event, bodyHash: received.bodyHash });
    if (claim === 'resent') return { eventId: event.eventId, status: 'already-applied' as const };
    if (claim === 'conflict')
      throw new ConflictError(`イベントID ${event.eventId} は別の内容で受信済みです。`);
    const customerId = await apply(tx);
    await setInboundEventCustomer(tx, event.eventId, customerId);
    return { eventId: event.eventId, status: 'applied' as const };
  });
}

async function customerOf(tx: Transaction, accountNumber: string): Promise<Customer> {
  const customer = await lockCustomerByAccountNumber(tx, accountNumber);
  if (customer === undefined) throw new NotFoundError(`口座番号 ${accountNumber} のお客さまはいません。`);
  return customer;
}

function refuseClosed(customer: Customer): void {
  if (customer.equityStatus === 'CLOSE')
    throw new ConflictError(`口座番号 ${customer.accountNumber} は閉鎖済みです。`);
}

/** 口座開設完了 / 登録内容変更 / 口座閉鎖 from the account-opening site (docs/inbound-interfaces.md). */
export async function applyAccountEvent(
  db: Database,
  event: AccountEvent,
  received: Received,
): Promise<InboundEventAnswer> {
  return applyOnce(db, event, received, async (tx) => {
    const existing = await lockCustomerByAccountNumber(tx, event.accountNumber);
    let customerId: string;
    let details: Record<string, unknown>;
    switch (event.type) {
      case 'account.opened': {
        const opening: Partial<NewCustomer> = {
          equityStatus: 'OPEN',
          branchCode: event.branchCode,
          accountRole: event.accountRole,
          lastConfirmedOn: event.confirmedOn,
          ...event.profile,
        };
        if (existing === undefined) {
          if (event.profile === undefined)
            throw new AppError(
              ErrorCode.unprocessable,
              `口座番号 ${event.accountNumber} のお客さまはいません。新しいお客さまには profile が必要です。`,
            );
          // opened elsewhere: the customer signs in after choosing a password (パスワード再設定)
          customerId = await insertCustomer(tx, {
            accountNumber: event.accountNumber,
            ...(opening as Omit<NewCustomer, 'accountNumber'>),
            identityMigratedAt: received.now,
          });
        } else {
          refuseClosed(existing);
          customerId = existing.id;
          await updateCustomer(tx, customerId, opening);
        }
        await openAccounts(tx, customerId, event.accounts);
        details = {
          accounts: event.accounts.map((account) => account.type),
          created: existing === undefined,
        };
        break;
      }
      case 'account.updated': {
        const customer = existing ?? (await customerOf(tx, event.accountNumber));
        refuseClosed(customer);
        customerId = customer.id;
        if (event.accountsClosed !== undefined && event.accountsClosed.length > 0) {
          const types = event.accountsClosed.map((account) => account.type);
          const remaining = await remainingBusinessOf(tx, customerId, types);
          if (remaining.holdings > 0 || remaining.openOrders > 0)
            throw new ConflictError('閉じる口座に保有残高または未受渡の注文があります。');
          for (const account of event.accountsClosed)
            await closeAccounts(tx, customerId, account.closedOn, [account.type]);
        }
        await updateCustomer(tx, customerId, {
          ...event.profile,
          ...(event.branchCode === undefined ? {} : { branchCode: event.branchCode }),
          ...(event.confirmedOn === undefined ? {} : { lastConfirmedOn: event.confirmedOn }),
        });
        if (event.accountsOpened !== undefined) await openAccounts(tx, customerId, event.accountsOpened);
        details = {
          profile: Object.keys(event.profile ?? {}),
          ...(event.confirmedOn === undefined ? {} : { confirmedOn: event.confirmedOn }),
          opened: event.accountsOpened?.map((account) => account.type) ?? [],
          closed: event.accountsClosed?.map((account) => account.type) ?? [],
        };
        break;
      }
      case 'account.closed': {
        const customer = existing ?? (await customerOf(tx, event.accountNumber));
        customerId = customer.id;
        if (customer.equityStatus !== 'CLOSE') {
          const remaining = await remainingBusinessOf(tx, customerId);
          if (remaining.holdings > 0 || remaining.openOrders > 0 || remaining.cash > 0n)
            throw new ConflictError(
              `保有残高・未受渡の注文・お預り金が残っているため閉鎖できません（保有 ${remaining.holdings} 件、注文 ${remaining.openOrders} 件、お預り金 ${remaining.cash} 円）。`,
            );
          await updateCustomer(tx, customerId, { equityStatus: 'CLOSE' });
          await closeAccounts(tx, customerId, event.closedOn);
        }
        details = { closedOn: event.closedOn };
        break;
      }
    }
    await audit(tx, senders.account, event, customerId, details, received);
    return customerId;
  });
}

/** 取引ステータス from the trading system: a locked customer may sign in but not trade (400-100). */
export async function applyTradingStatus(
  db: Database,
  event: TradingStatusEvent,
  received: Received,
): Promise<InboundEventAnswer> {
  return applyOnce(db, event, received, async (tx) => {
    const customer = await customerOf(tx, event.accountNumber);
    await updateCustomer(tx, customer.id, { locked: event.locked });
    await audit(
      tx,
      senders.trading,
      event,
      customer.id,
      { locked: event.locked, was: customer.locked },
      received,
    );
    return customer.id;
  });
}

/**
 * 入金通知 from the trading system: the 振込入金 becomes the customer's お預り金 on its date, with its journal
 * entry (bank → customer cash) and the 入出金 row the customer sees; refused for an account not open or a
 * date after today.
 */
export async function applyDeposit(
  db: Database,
  event: DepositReceivedEvent,
  received: Received,
): Promise<InboundEventAnswer> {
  return applyOnce(db, event, received, async (tx) => {
    const customer = await customerOf(tx, event.accountNumber);
    if (customer.equityStatus !== 'OPEN')
      throw new ConflictError(`口座番号 ${event.accountNumber} は取引できる口座ではありません。`);
    if (event.receivedOn > jstDateOf(received.now))
      throw new AppError(ErrorCode.unprocessable, `入金日 ${event.receivedOn} が今日より後です。`);
    const amount = BigInt(event.amount);
    const journalEntryId = await postJournalEntry(tx, {
      kind: 'deposit',
      businessDate: isoDate(event.receivedOn),
      customerId: customer.id,
      description: '振込入金',
      lines: [debit('bank_clearing', amount), credit('customer_cash', amount, customer.id)],
    });
    await recordBankTransfer(tx, {
      customerId: customer.id,
      type: 'deposit',
      amount,
      date: event.receivedOn,
      description: '振込入金',
      journalEntryId,
    });
    await audit(
      tx,
      senders.trading,
      event,
      customer.id,
      { amount: event.amount, receivedOn: event.receivedOn },
      received,
    );
    return customer.id;
  });
}

async function audit(
  tx: Transaction,
  actorId: string,
  event: { eventId: string; type: string; occurredAt: string },
  customerId: string,
  details: Record<string, unknown>,
  received: Received,
) {
  await recordAudit(tx, {
    actorType: 'system',
    actorId,
    subjectCustomerId: customerId,
    action: `inbound.${event.type}`,
    outcome: 'allowed',
    requestId: received.requestId,
    details: { eventId: event.eventId, occurredAt: event.occurredAt, ...details },
    occurredAt: received.now,
  });
}
