import type {
  AccountStatus,
  Accounts,
  MigratedStatus,
  NisaRequests,
  UnmaskedUser,
  UpdateAccountRequests,
} from '@fund/contracts';
import type { Database } from '@fund/db';
import { NotFoundError } from '../../errors/app-error.ts';
import {
  findAccount,
  findPendingUpdateAccountRequest,
  listPendingNisaRequests,
  type AccountRow,
} from './account-manager.repository.ts';

/**
 * The account-manager service (/v6, spec §7): what the root shell learns about the signed-in customer.
 * Every answer is about the token's own customer; nothing here takes a customer id from the request.
 */
export class AccountManagerService {
  constructor(
    private readonly db: Database,
    private readonly hashedUserId: (customerId: string) => string,
  ) {}

  async #account(customerId: string): Promise<AccountRow> {
    const account = await findAccount(this.db, customerId);
    if (account === undefined) throw new NotFoundError('お客さまの口座情報が見つかりません。');
    return account;
  }

  async accountStatus(customerId: string): Promise<AccountStatus> {
    const account = await this.#account(customerId);
    return { status: { equity: account.equityStatus }, hashedUserId: this.hashedUserId(account.id) };
  }

  async accounts(customerId: string): Promise<Accounts> {
    const account = await this.#account(customerId);
    return { account: { branchCode: account.branchCode, customerCode: account.accountNumber } };
  }

  async unmaskedUser(customerId: string): Promise<UnmaskedUser> {
    const account = await this.#account(customerId);
    return {
      profile: {
        lastName: account.lastName,
        firstName: account.firstName,
        lastNameKana: account.lastNameKana,
        firstNameKana: account.firstNameKana,
      },
      accountRole: account.accountRole,
      lastConfirmedOn: account.lastConfirmedOn,
      hashedUserId: this.hashedUserId(account.id),
    };
  }

  async updateAccountRequests(customerId: string): Promise<UpdateAccountRequests> {
    const pending = await findPendingUpdateAccountRequest(this.db, customerId);
    return {
      updateAccountRequest:
        pending === undefined
          ? null
          : { id: pending.id, kind: pending.kind, requestedAt: pending.requestedAt.toISOString() },
    };
  }

  async nisaRequests(customerId: string): Promise<NisaRequests> {
    const pending = await listPendingNisaRequests(this.db, customerId);
    return {
      nisaRequests: pending.map((request) => ({
        id: request.id,
        kind: request.kind,
        requestedAt: request.requestedAt.toISOString(),
      })),
    };
  }

  async migratedStatus(customerId: string): Promise<MigratedStatus> {
    const account = await this.#account(customerId);
    return {
      migrated: account.identityMigratedAt !== null,
      migratedAt: account.identityMigratedAt?.toISOString() ?? null,
    };
  }
}
