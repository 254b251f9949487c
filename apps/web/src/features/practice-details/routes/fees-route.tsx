import { useQuery } from '@tanstack/react-query';
import { Banknote, Layers } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PracticePage } from '@/components/practice-page';
import { SectionCard, SectionStatus } from '@/components/section-card';
import { buttonClasses } from '@/components/ui/button';
import { referenceName } from '@/lib/reference-names-de';
import { bookingFeesQuery } from '../api/practice-details-api';
import { FeeForm } from '../components/fee-form';

/** /practice/fees: the default session fee ("Provider fees") and a fee per therapy the provider offers. */
export function FeesRoute() {
  const { t } = useTranslation('practice-details');
  return (
    <PracticePage
      clientNotice={{ title: t('providersOnly.title'), body: t('providersOnly.body') }}
      title={t('fees.title')}
    >
      <Fees />
    </PracticePage>
  );
}

function Fees() {
  const { t, i18n } = useTranslation('practice-details');
  const locale = i18n.resolvedLanguage ?? 'en';
  const fees = useQuery(bookingFeesQuery());
  if (fees.isPending || fees.isError) {
    return (
      <SectionStatus
        loading={fees.isPending}
        error={fees.isError}
        onRetry={() => void fees.refetch()}
        loadingLabel={t('loading')}
        errorText={t('fees.loadFailed')}
        retryLabel={t('retry')}
      />
    );
  }
  const { currencyCode, general, therapies } = fees.data;
  return (
    <div className="flex flex-col gap-6">
      <p className="-mt-2 text-base text-slate-700">{t('fees.lead', { currency: currencyCode })}</p>
      <SectionCard icon={Banknote} title={t('fees.general')} description={t('fees.generalDescription')}>
        <FeeForm key={`general-${general?.fee}-${general?.isFree}`} currencyCode={currencyCode} saved={general} />
      </SectionCard>
      <SectionCard icon={Layers} title={t('fees.therapies')} description={t('fees.therapiesDescription')}>
        {therapies.length === 0 ? (
          <EmptyState
            icon={Layers}
            headingLevel={3}
            title={t('fees.noTherapies')}
            description={t('fees.noTherapiesBody')}
            action={
              <Link to="/account" className={buttonClasses({ variant: 'secondary' })}>
                {t('fees.toProfile')}
              </Link>
            }
          />
        ) : (
          <ul className="flex flex-col divide-y divide-slate-200">
            {therapies.map((therapy) => {
              const name = referenceName('therapy-category', therapy.code, therapy.name, locale);
              return (
                <li key={therapy.therapyCategoryIdentifier} className="py-4 first:pt-0 last:pb-0">
                  <h3 className="mb-2 font-semibold text-slate-900">{name}</h3>
                  <FeeForm
                    key={`${therapy.therapyCategoryIdentifier}-${therapy.fee?.fee}-${therapy.fee?.isFree}`}
                    currencyCode={currencyCode}
                    saved={therapy.fee}
                    therapy={{ identifier: therapy.therapyCategoryIdentifier, name }}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </SectionCard>
    </div>
  );
}
