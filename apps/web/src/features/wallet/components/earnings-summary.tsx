import type { EarningsInCurrency } from '@therapy/contracts/earnings';
import { CalendarClock, Landmark } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCurrencyName, formatInstantDay, formatMoney } from '@/lib/format';

/** Money out (issue 48): the bank-details page is told which currency's payouts the provider came about. */
const bankDetailsFor = (currency: string) => `/practice/bank-details?currency=${currency}`;

/**
 * One currency of a provider's earnings: pending (paid sessions still to come), available, on its way and paid out;
 * when the next payout goes and to which account.
 */
export function EarningsSummary({ earnings: e }: { earnings: EarningsInCurrency }) {
  const { t, i18n } = useTranslation('wallet');
  const locale = i18n.resolvedLanguage ?? 'en';
  const headingId = useId();
  const money = (minor: number) => formatMoney(minor, e.currency, locale);
  const tiles = [
    { key: 'pending', value: e.pending },
    { key: 'available', value: e.available },
    { key: 'onItsWay', value: e.onItsWay },
    { key: 'paidOut', value: e.paidOut },
  ] as const;
  const currencyName = formatCurrencyName(e.currency, locale);

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      data-testid={`earnings-${e.currency}`}
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('earnings.inCurrency', { name: currencyName, currency: e.currency })}
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {tiles.map((tile) => (
          <div
            key={tile.key}
            className={
              tile.key === 'available'
                ? 'rounded-xl bg-brand-800 p-3 text-white sm:p-4'
                : 'rounded-xl bg-slate-50 p-3 sm:p-4'
            }
          >
            <dt
              className={
                tile.key === 'available' ? 'text-sm font-medium text-brand-50' : 'text-sm font-medium text-slate-700'
              }
            >
              {t(`earnings.${tile.key}`)}
            </dt>
            <dd
              className={`mt-1 break-all text-xl font-bold sm:text-2xl ${tile.key === 'available' ? 'text-white' : 'text-slate-900'}`}
              data-testid={`earnings-${e.currency}-${tile.key}`}
            >
              {money(tile.value)}
            </dd>
            <dd className={tile.key === 'available' ? 'mt-1 text-xs text-brand-50' : 'mt-1 text-xs text-slate-600'}>
              {t(`earnings.${tile.key}Hint`)}
            </dd>
          </div>
        ))}
      </dl>
      <ul className="mt-4 flex flex-col gap-3 text-sm text-slate-800">
        <li className="flex items-start gap-3">
          <CalendarClock className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <span data-testid={`next-payout-${e.currency}`}>
            {e.nextPayout.plan === 'weekly' && e.nextPayout.date
              ? t('earnings.next.weekly', { date: formatInstantDay(e.nextPayout.date, locale) })
              : e.nextPayout.plan === 'notYet'
                ? t('earnings.next.notYet', { name: currencyName })
                : t('earnings.next.bankTransfer')}
          </span>
        </li>
        <li className="flex items-start gap-3">
          <Landmark className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
          {e.destination ? (
            <span data-testid={`destination-${e.currency}`}>
              {t('earnings.destination', {
                bank: e.destination.bankName ?? t('payouts.bank'),
                last4: e.destination.accountLast4,
              })}{' '}
              <Link to={bankDetailsFor(e.currency)} className="font-medium text-brand-800 underline underline-offset-2">
                {t('earnings.changeBankDetails')}
              </Link>
            </span>
          ) : (
            <span data-testid={`destination-${e.currency}`}>
              {t('earnings.noDestination', { currency: e.currency })}{' '}
              <Link to={bankDetailsFor(e.currency)} className="font-medium text-brand-800 underline underline-offset-2">
                {t('earnings.addBankDetails')}
              </Link>
            </span>
          )}
        </li>
      </ul>
    </section>
  );
}
