import type { AccountType, DistributionCourse } from '@fund/domain';
import { distributionCourses, funds, type DatabaseExecutor } from '@fund/db';
import { eq, sql } from 'drizzle-orm';

// A holding's 分配金の受取方法, chosen with a buy or a 積立 and changed from the holding (assets module):
// the one writer of `distribution_courses`, shared by the modules that take the choice.

/** The fund by its code, with whether it offers 再投資; undefined for an unknown code. */
export async function fundCourseOffer(db: DatabaseExecutor, fundCode: string) {
  const [fund] = await db
    .select({ id: funds.id, reinvestmentOffered: funds.reinvestmentOffered })
    .from(funds)
    .where(eq(funds.code, fundCode));
  return fund;
}

/** Sets the holding's course (created or replaced). */
export async function chooseDistributionCourse(
  db: DatabaseExecutor,
  holding: { customerId: string; accountType: AccountType; fundId: string },
  course: DistributionCourse,
): Promise<void> {
  await db
    .insert(distributionCourses)
    .values({ ...holding, course })
    .onConflictDoUpdate({
      target: [distributionCourses.customerId, distributionCourses.accountType, distributionCourses.fundId],
      set: { course, updatedAt: sql`now()` },
    });
}
