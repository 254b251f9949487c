import { clsx } from 'clsx';
import { CreditCard, Hourglass, Landmark, ArrowLeft, type LucideIcon } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { supportedCurrencies, type CurrencyCode } from '@therapy/contracts/wallet';
import type { ModalComponentProps, ModalProps } from '@/lib/modal-store';
import { topupOptionsQuery, useStartCardTopup } from '../api/wallet-api';
import { AmountStep, type ChosenAmount } from '../components/amount-step';
import { newIdempotencyKey } from '../components/idempotency-key';
import { redirectTo } from '../components/redirect';
import { formatMoney } from '@/lib/format';
import { StepTitle } from '../components/step-title';
import { TransferDetails } from '../components/transfer-details';

type Step = 'amount' | 'method' | 'transfer' | 'progress';

/**
 * Spec §2 "Wallet top-up" and §4 "Top-up": the amount, then the method ("Top Up Via Paystack" or "Transfer To
 * Account"), then the card checkout or the transfer details, then "Topup In Progress". The card button names the
 * gateway the server uses for the wallet's currency (Paystack, Stripe or the sandbox: GET /payment/options); the
 * transfer is offered only where a dedicated account exists (NGN), and the dialog says so elsewhere.
 */
export function TopupModal({
  onClose,
  currencyCode,
  amountMinor,
  returnTo,
}: Pick<ModalComponentProps<'wallet-topup'>, 'onClose'> & ModalProps['wallet-topup']) {
  // A booking's currency (wallets are per currency); an unknown code falls back to the user's own wallet.
  const currency = supportedCurrencies.find((c) => c === currencyCode);
  const [step, setStep] = useState<Step>('amount');
  const [amount, setAmount] = useState<ChosenAmount | null>(null);
  // One key per attempt: a second click or a retry after a lost answer returns the same payment.
  const [attemptKey, setAttemptKey] = useState('');

  if (step === 'amount' || !amount) {
    return (
      <AmountStep
        currency={currency}
        amountMinor={amountMinor}
        initialText={amount?.text ?? ''}
        onProceed={(chosen) => {
          setAmount(chosen);
          setAttemptKey(newIdempotencyKey());
          setStep('method');
        }}
      />
    );
  }
  if (step === 'method')
    return (
      <MethodStep
        amount={amount}
        currency={currency}
        returnTo={returnTo}
        attemptKey={attemptKey}
        onTransfer={() => setStep('transfer')}
        onBack={() => setStep('amount')}
      />
    );
  if (step === 'transfer')
    return (
      <TransferStep
        amount={amount}
        onPaid={() => setStep('progress')}
        onBack={() => setStep('method')}
        onClose={onClose}
      />
    );
  return <ProgressStep onClose={onClose} />;
}

function useAmountLabel(amount: ChosenAmount) {
  const { i18n } = useTranslation();
  return formatMoney(amount.minor, amount.currency, i18n.resolvedLanguage ?? 'en');
}

function MethodStep({
  amount,
  currency,
  returnTo,
  attemptKey,
  onTransfer,
  onBack,
}: {
  amount: ChosenAmount;
  currency: CurrencyCode | undefined;
  returnTo: string | undefined;
  attemptKey: string;
  onTransfer: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('wallet');
  const start = useStartCardTopup();
  const [redirecting, setRedirecting] = useState(false);
  const busy = start.isPending || redirecting;
  const amountLabel = useAmountLabel(amount);
  const options = useQuery(topupOptionsQuery(currency));
  // Until the options are known (or if they cannot be loaded) the card button is generic; the server still decides.
  const gateway = options.data?.cardGateway;
  const cardOffered = !options.data || gateway !== null;
  const transferOffered = !options.data || options.data.bankTransfer;
  const cardLabel = gateway ? t(`topup.card.${gateway}`) : t('topup.card.generic');
  const cardHint = gateway ? t(`topup.cardHint.${gateway}`) : t('topup.cardHint.generic');

  const payByCard = () =>
    start.mutate(
      { amount: amount.minor, currencyCode: currency, returnTo, idempotencyKey: attemptKey },
      {
        onSuccess: (result) => {
          setRedirecting(true);
          redirectTo(result.metadata.authorizationUrl);
        },
      },
    );

  return (
    <div className="flex flex-col">
      <StepTitle>{t('topup.methodTitle')}</StepTitle>
      <DialogDescription>{t('topup.methodDescription', { amount: amountLabel })}</DialogDescription>
      <div className="mt-5 flex flex-col gap-3">
        {cardOffered && (
          <MethodButton
            icon={CreditCard}
            label={cardLabel}
            hint={cardHint}
            onClick={payByCard}
            pending={busy}
            disabled={busy || options.isPending}
          />
        )}
        {transferOffered && (
          <MethodButton
            icon={Landmark}
            label={t('topup.transfer')}
            hint={t('topup.transferHint')}
            onClick={onTransfer}
            disabled={busy || options.isPending}
          />
        )}
      </div>
      {options.data && !options.data.bankTransfer && (
        <p className="mt-3 text-sm text-slate-700">
          {t('topup.transferUnavailable', { currency: options.data.currencyCode })}
        </p>
      )}
      {options.data && options.data.cardGateway === null && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t('topup.cardUnavailable', { currency: options.data.currencyCode })}
        </p>
      )}
      {redirecting && (
        <p role="status" className="mt-4 text-sm text-slate-700">
          {t('topup.redirecting')}
        </p>
      )}
      <DialogActions>
        <Button variant="ghost" onClick={onBack} disabled={busy}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('topup.back')}
        </Button>
      </DialogActions>
    </div>
  );
}

function MethodButton({
  icon: Icon,
  label,
  hint,
  onClick,
  pending,
  disabled,
}: {
  icon: LucideIcon;
  label: string;
  hint: string;
  onClick: () => void;
  pending?: boolean;
  disabled?: boolean;
}) {
  const hintId = useId();
  // The whole card is the click target (the button's ::after covers it), but the button's name is just its label,
  // with the hint read as its description.
  return (
    <div
      className={clsx(
        'relative flex w-full items-center gap-4 rounded-xl border border-slate-300 bg-white p-4 shadow-sm transition-colors',
        'has-[button:focus-visible]:outline-2 has-[button:focus-visible]:outline-offset-2 has-[button:focus-visible]:outline-brand-700',
        disabled ? 'opacity-60' : 'hover:border-brand-600 hover:bg-brand-50',
      )}
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        {pending ? <Spinner size="md" /> : <Icon className="size-6" aria-hidden="true" />}
      </span>
      <span className="min-w-0">
        <button
          type="button"
          onClick={onClick}
          disabled={disabled}
          aria-busy={pending || undefined}
          aria-describedby={hintId}
          className="block text-left font-semibold text-slate-900 outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] disabled:cursor-not-allowed"
        >
          {label}
        </button>
        <span id={hintId} className="block text-sm text-slate-700">
          {hint}
        </span>
      </span>
    </div>
  );
}

function TransferStep({
  amount,
  onPaid,
  onBack,
  onClose,
}: {
  amount: ChosenAmount;
  onPaid: () => void;
  onBack: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('wallet');
  const amountLabel = useAmountLabel(amount);
  return (
    <div className="flex flex-col">
      <StepTitle>{t('transfer.title')}</StepTitle>
      <DialogDescription>{t('transfer.description')}</DialogDescription>
      <TransferDetails amountLabel={amountLabel} onPaid={onPaid} onClose={onClose} />
      <div className="mt-3 flex">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('topup.back')}
        </Button>
      </div>
    </div>
  );
}

function ProgressStep({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  return (
    <div className="flex flex-col items-center text-center">
      <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-700">
        <Hourglass className="size-7" aria-hidden="true" />
      </span>
      <StepTitle className="px-10">{t('progress.title')}</StepTitle>
      <DialogDescription>{t('progress.body')}</DialogDescription>
      <DialogActions className="w-full sm:justify-center!">
        <Button
          fullWidth
          className="sm:w-auto"
          onClick={() => {
            onClose();
            void navigate('/overview');
          }}
        >
          {t('progress.home')}
        </Button>
      </DialogActions>
    </div>
  );
}
