import { zodResolver } from '@hookform/resolvers/zod';
import { message } from '@therapy/contracts/messages';
import { minTopupMinor, topupAmountField, type CurrencyCode, type WalletBalance } from '@therapy/contracts/wallet';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { currentLocale } from '@/lib/i18n';
import { balanceQuery } from '../api/wallet-api';
import { AmountField } from './amount-field';
import { formatAmountInput } from './money';
import { formatMoney } from '@/lib/format';

export interface ChosenAmount {
  /** As typed, with commas ("1,000"), to fill the field again when the user comes back. */
  text: string;
  /** Minor units: the typed amount times 100 (spec §5). */
  minor: number;
  currency: string;
}

/**
 * The amount a booking lacks as the field's text: whole major units rounded up (the field takes digits only), at least
 * the currency's minimum top-up. "" without an amount.
 */
export function prefillText(currency: string, amountMinor: number | undefined): string {
  if (amountMinor === undefined || amountMinor <= 0) return '';
  return formatAmountInput(String(Math.ceil(Math.max(amountMinor, minTopupMinor(currency)) / 100)));
}

/**
 * Step 1 of the top-up: "Current Balance" and the amount, checked with the wallet currency's minimum. With `currency`
 * (a booking's) that currency's wallet, else the user's own; `amountMinor` prefills the amount a booking lacks.
 */
export function AmountStep({
  initialText,
  onProceed,
  currency,
  amountMinor,
}: {
  initialText: string;
  onProceed: (amount: ChosenAmount) => void;
  currency?: CurrencyCode | undefined;
  amountMinor?: number | undefined;
}) {
  const { t } = useTranslation('wallet');
  const balance = useQuery(balanceQuery(currency));
  return (
    <div className="flex flex-col">
      <DialogTitle>{t('topup.title')}</DialogTitle>
      <DialogDescription>{t('topup.description')}</DialogDescription>
      <CurrentBalance
        balance={balance.data}
        pending={balance.isPending}
        failed={balance.isError}
        retrying={balance.isFetching}
        onRetry={() => void balance.refetch()}
      />
      {balance.data ? (
        // One form per currency: the minimum and the prefix depend on it.
        <AmountForm
          key={balance.data.currency}
          currency={balance.data.currency}
          initialText={initialText || prefillText(balance.data.currency, amountMinor)}
          onProceed={onProceed}
        />
      ) : (
        <DialogActions>
          <Button disabled>{t('topup.proceed')}</Button>
        </DialogActions>
      )}
    </div>
  );
}

function CurrentBalance({
  balance,
  pending,
  failed,
  retrying,
  onRetry,
}: {
  balance: WalletBalance | undefined;
  pending: boolean;
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation('wallet');
  const locale = i18n.resolvedLanguage ?? 'en';
  return (
    <div className="mt-5 rounded-xl bg-brand-50 p-4" aria-live="polite">
      <p className="text-sm font-medium text-slate-700">{t('balance.label')}</p>
      {pending ? (
        <div className="mt-1 text-brand-700">
          <Spinner size="sm" label={t('loading')} />
        </div>
      ) : failed || !balance ? (
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <p className="font-semibold text-red-800" role="alert">
            {message('balanceFailed', currentLocale())}
          </p>
          <Button size="sm" variant="secondary" pending={retrying} onClick={onRetry}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <p className="mt-1 flex flex-wrap items-baseline gap-x-2">
          <span className="text-2xl font-bold text-slate-900" data-testid="topup-balance">
            {formatMoney(balance.balance, balance.currency, locale)}
          </span>
          <span className="text-sm font-medium text-slate-700">{balance.currency}</span>
        </p>
      )}
    </div>
  );
}

function AmountForm({
  currency,
  initialText,
  onProceed,
}: {
  currency: string;
  initialText: string;
  onProceed: (amount: ChosenAmount) => void;
}) {
  const { t } = useTranslation('wallet');
  const schema = useMemo(() => z.object({ amount: topupAmountField(currency) }), [currency]);
  const { control, handleSubmit, getValues, setFocus } = useForm<
    z.input<typeof schema>,
    unknown,
    z.output<typeof schema>
  >({
    resolver: zodResolver(schema),
    defaultValues: { amount: initialText },
  });
  // The field appears once the balance (and so the currency) is known: put the caret there, as the dialog would have.
  useEffect(() => setFocus('amount'), [setFocus]);

  return (
    <form
      noValidate
      onSubmit={handleSubmit(({ amount }) => onProceed({ text: getValues('amount'), minor: amount, currency }))}
      className="mt-5"
    >
      <Controller
        control={control}
        name="amount"
        render={({ field, fieldState }) => (
          <AmountField
            label={t('topup.amount', { currency })}
            currency={currency}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      <DialogActions>
        <Button type="submit" fullWidth className="sm:w-auto">
          {t('topup.proceed')}
        </Button>
      </DialogActions>
    </form>
  );
}
