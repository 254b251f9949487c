import type { BankForm } from '@therapy/contracts/bank-details';
import { supportedCurrencies } from '@therapy/contracts/wallet';
import { useQuery } from '@tanstack/react-query';
import { Landmark, Pencil, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PracticePage } from '@/components/practice-page';
import { SectionCard, SectionStatus } from '@/components/section-card';
import { formatCurrencyName } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { bankDetailsQuery } from '../api/bank-details-api';
import { BankDetailsForm } from '../components/bank-details-form';
import { SavedBankDetails } from '../components/saved-bank-details';
import { StripeConnectCard } from '../components/stripe-connect-card';
import { SepaBankDetailsForm } from '../components/sepa-bank-details-form';

/** What each form calls its bank code (SEPA: the BIC). */
const bankCodeKey: Record<BankForm, 'fields.sortCode' | 'fields.routingNumber' | 'fields.bankCode' | 'fields.bic'> = {
  gb: 'fields.sortCode',
  addressed: 'fields.routingNumber',
  standard: 'fields.bankCode',
  sepa: 'fields.bic',
};

/** /practice/bank-details: where a provider's earnings are paid (spec §3 "Bank details (payout)"). Providers only. */
export function BankDetailsRoute() {
  const { t } = useTranslation('bankDetails');
  return (
    <PracticePage
      title={t('title')}
      lead={t('lead')}
      clientNotice={{ title: t('providersOnly.title'), body: t('providersOnly.body') }}
    >
      <ProviderBankDetails />
    </PracticePage>
  );
}

function ProviderBankDetails() {
  const { t } = useTranslation('bankDetails');
  const query = useQuery(bankDetailsQuery());
  const state = query.data;
  // Saved details are shown; the form opens on request (and closes again once the change is saved).
  const [editing, setEditing] = useState(false);
  // Money out (issue 48): the earnings page links here with ?currency= of the payouts the provider came about.
  const [params] = useSearchParams();
  const asked = supportedCurrencies.find((c) => c === params.get('currency'));
  return (
    <div className="flex flex-col gap-6">
      <SectionStatus
        loading={query.isPending}
        error={query.isError}
        onRetry={() => void query.refetch()}
        loadingLabel={t('loading')}
        errorText={t('loadFailed')}
        retryLabel={t('retry')}
      />
      {state && (
        <>
          {asked && <PayoutCurrency asked={asked} own={state.currency} />}
          {/* Where Stripe is configured, payouts can go to a Stripe account instead (hidden otherwise). */}
          <StripeConnectCard />
          {state.details && (
            <SectionCard icon={ShieldCheck} title={t('saved.title')} description={t('saved.description')}>
              <SavedBankDetails details={state.details} bankCodeLabel={t(bankCodeKey[state.form])} />
              {!editing && (
                <Button variant="secondary" className="mt-5" onClick={() => setEditing(true)}>
                  <Pencil className="size-4" aria-hidden="true" />
                  {t('form.changeTitle')}
                </Button>
              )}
            </SectionCard>
          )}
          {(!state.details || editing) && (
            <SectionCard
              icon={Landmark}
              title={state.details ? t('form.changeTitle') : t('form.title')}
              description={
                state.gatewayCheck
                  ? t('form.gatewayDescription')
                  : state.details
                    ? t('form.changeDescription')
                    : t('form.description')
              }
            >
              {!state.countryCode && <p className="mb-4 text-sm text-slate-700">{t('noCountry')}</p>}
              {state.form === 'sepa' ? (
                <SepaBankDetailsForm
                  key={`sepa-${state.details?.updatedAt ?? 'new'}`}
                  state={state}
                  onSaved={() => setEditing(false)}
                />
              ) : (
                <BankDetailsForm
                  key={`${state.form}-${state.details?.updatedAt ?? 'new'}`}
                  state={state}
                  bankCodeLabel={t(bankCodeKey[state.form])}
                  onSaved={() => setEditing(false)}
                />
              )}
            </SectionCard>
          )}
        </>
      )}
    </div>
  );
}

/** Which currency's payouts the page is about; said plainly when the saved or offered account is in another one. */
function PayoutCurrency({ asked, own }: { asked: string; own: string }) {
  const { t, i18n } = useTranslation('bankDetails');
  const name = formatCurrencyName(asked, i18n.resolvedLanguage ?? 'en');
  return (
    <section
      aria-labelledby="payout-currency-title"
      data-testid="payout-currency"
      className={
        asked === own
          ? 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm'
          : 'rounded-2xl border border-amber-300 bg-amber-50 p-4'
      }
    >
      <h2 id="payout-currency-title" className="font-semibold text-slate-900">
        {t('payoutCurrency.title', { name, currency: asked })}
      </h2>
      <p className="mt-1 text-sm text-slate-800">
        {asked === own
          ? t('payoutCurrency.same', { currency: asked })
          : t('payoutCurrency.other', { currency: asked, own })}
      </p>
    </section>
  );
}
