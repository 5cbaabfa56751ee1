import type {
  InformationDetail,
  InformationReadAnswer,
  Informations,
  InformationCategoryValue,
} from '@fund/contracts';
import type { Database } from '@fund/db';
import { NotFoundError } from '../../errors/app-error.ts';
import {
  countUnreadByCategory,
  findInformation,
  markInformationRead,
  pageInformations,
  type InformationRow,
} from './informations.repository.ts';

const notFoundMessage = 'ご指定のお知らせが見つかりません。';

function summaryOf(row: InformationRow) {
  return {
    id: row.id,
    category: row.category,
    title: row.title,
    publishedAt: row.publishedAt.toISOString(),
    read: row.readAt !== null,
  };
}

/** お知らせ of one customer: the list, one notice, and marking a notice read (既読). */
export class InformationsService {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  async list(
    customerId: string,
    query: { category?: InformationCategoryValue | undefined; page: number; pageSize: number },
  ): Promise<Informations> {
    const { rows, total } = await pageInformations(this.db, customerId, this.now(), query);
    return {
      informations: rows.map(summaryOf),
      paging: { page: query.page, pageSize: query.pageSize, total },
    };
  }

  /** Another customer's notice, or one not yet published, is not found (security.md 23). */
  async detail(customerId: string, id: string): Promise<InformationDetail> {
    const row = await findInformation(this.db, customerId, id, this.now());
    if (row === undefined) throw new NotFoundError(notFoundMessage);
    return { information: { ...summaryOf(row), body: row.body } };
  }

  /** Idempotent: a second call keeps the first read time and answers the same. */
  async markRead(customerId: string, id: string): Promise<InformationReadAnswer> {
    const now = this.now();
    const readAt = await markInformationRead(this.db, customerId, id, now);
    if (readAt === undefined) throw new NotFoundError(notFoundMessage);
    const unread = await countUnreadByCategory(this.db, customerId, now);
    return { information: { id, read: true, readAt: readAt.toISOString() }, unread };
  }
}
