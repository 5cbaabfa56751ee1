import type { DeliveredDocumentKind, Transaction } from '@fund/db';
import type { DocumentAddressee } from './document-html.ts';
import { addresseeOf, deliverDocument, fundNamesOf } from './documents.repository.ts';

type FundNames = NonNullable<Awaited<ReturnType<typeof fundNamesOf>>>;

/**
 * Issues a document about one of the customer's funds (a distribution's or a 償還's notice) in the caller's
 * transaction, titled and written with the fund's names and the addressee as registered; answers the names.
 */
export async function issueFundDocument(
  tx: Transaction,
  input: {
    readonly customerId: string;
    readonly fundId: string;
    readonly kind: DeliveredDocumentKind;
    readonly issuedOn: string;
    readonly title: (fund: FundNames) => string;
    readonly body: (fund: FundNames, addressee: DocumentAddressee) => string;
  },
): Promise<FundNames> {
  const addressee = await addresseeOf(tx, input.customerId);
  const fund = await fundNamesOf(tx, input.fundId);
  if (fund === undefined) throw new Error(`No fund ${input.fundId} to name in a ${input.kind}`);
  await deliverDocument(tx, {
    customerId: input.customerId,
    kind: input.kind,
    title: input.title(fund),
    issuedOn: input.issuedOn,
    body: input.body(fund, addressee),
  });
  return fund;
}
