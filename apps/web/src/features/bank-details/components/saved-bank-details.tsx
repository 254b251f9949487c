import type { BankDetails } from '@therapy/contracts/bank-details';
import { useTranslation } from 'react-i18next';

/** What is saved, as the API answers it: the account number (or IBAN) only as its last four characters. */
export function SavedBankDetails({ details, bankCodeLabel }: { details: BankDetails; bankCodeLabel: string }) {
  const { t, i18n } = useTranslation('bankDetails');
  const accountNumberLabel = details.form === 'sepa' ? t('fields.iban') : t('fields.accountNumber');
  const rows: Array<[string, string | null]> = [
    [t('fields.accountName'), details.accountName],
    [t('fields.bankName'), details.bankName],
    [bankCodeLabel, details.bankCode],
    [accountNumberLabel, t('masked', { last4: details.accountNumberLast4 })],
    [t('fields.accountType'), details.accountType ? t(`accountTypes.${details.accountType}`) : null],
    [t('fields.accountOwnership'), details.accountOwnership ? t(`ownerships.${details.accountOwnership}`) : null],
    [t('fields.address'), details.address],
    [t('fields.postalCode'), details.postalCode],
    [
      t('fields.dateOfBirth'),
      details.dateOfBirth
        ? new Date(`${details.dateOfBirth}T00:00:00Z`).toLocaleDateString(i18n.resolvedLanguage, {
            timeZone: 'UTC',
            dateStyle: 'long',
          })
        : null,
    ],
  ];
  return (
    <div>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd
                className="break-words font-medium text-slate-900"
                data-testid={label === accountNumberLabel ? 'masked-account-number' : undefined}
              >
                {value}
              </dd>
            </div>
          ))}
      </dl>
      <p className="mt-4 text-sm text-slate-700">
        {details.verifiedAccountName ? t('verified', { name: details.verifiedAccountName }) : null}{' '}
        {t(`payoutRoute.${details.payoutRoute}`)}
      </p>
    </div>
  );
}
