import type { AccountTransferAccount } from '@fund/contracts';
import { formatDepositType } from '@fund/domain';
import { Card, DescriptionList, EmptyState, Skeleton } from '../../../components/ui';
import { supportContact } from '../../../config/support';
import { apiErrorCodeOf } from '../api/api-error-code';
import { useAccountTransferAccount } from '../api/get-account-transfer-account';
import { UnavailableNote } from './unavailable-note';

/** GET accountTransfer account's pass-through code (spec §8): no bank account registered. */
const noBankAccount = '400-666';

function telHref(phone: string): string {
  return `tel:${phone.replace(/-/g, '')}`;
}

/**
 * How a bank account for 口座振替 is registered or changed: the bank needs the customer's seal or its own
 * confirmation, so it is a paper form (預金口座振替依頼書) the support window sends.
 */
function RegistrationHowTo() {
  return (
    <p className="mypage-text">
      口座振替の金融機関口座の登録・変更は、「預金口座振替依頼書」で承ります。依頼書はお客さま窓口（
      <a href={telHref(supportContact.phone)}>{supportContact.phone}</a>
      ）へお電話でご請求ください。
    </p>
  );
}

function RegisteredAccount({ account }: { readonly account: AccountTransferAccount['account'] }) {
  return (
    <>
      <DescriptionList
        label="口座振替の金融機関口座"
        items={[
          { term: '金融機関', value: account.bankName, note: `金融機関コード ${account.bankCode}` },
          { term: '支店', value: account.branchName, note: `支店コード ${account.branchCode}` },
          { term: '預金種目', value: formatDepositType(account.accountType) },
          { term: '口座番号', value: `末尾 ${account.accountNumberLast3}` },
          { term: '口座名義', value: account.holderNameKana },
        ]}
      />
      <p className="mypage-note">
        積立・毎月の入金の代金は、毎月27日（休業日の場合は翌営業日）にこの口座から引き落とされます。
      </p>
      <RegistrationHowTo />
    </>
  );
}

/** The bank account 口座振替 debits (spec §7 GET accountTransfer account): registered, 未登録 (400-666), or not available now. */
export function BankAccountCard() {
  const { data, error, isPending, isFetching, refetch } = useAccountTransferAccount();
  return (
    <Card title="口座振替の金融機関口座" className="mypage-bank-account">
      {isPending ? (
        <Skeleton label="口座振替の金融機関口座" lines={3} />
      ) : apiErrorCodeOf(error) === noBankAccount ? (
        <EmptyState title="未登録">
          <p>
            口座振替の金融機関口座が登録されていません。口座振替で積立や毎月の入金をご利用いただくには、口座のご登録が必要です。
          </p>
          <RegistrationHowTo />
        </EmptyState>
      ) : error !== null ? (
        <UnavailableNote what="口座振替の金融機関口座" retrying={isFetching} onRetry={() => void refetch()} />
      ) : (
        <RegisteredAccount account={data.account} />
      )}
    </Card>
  );
}
