import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionCard, SectionStatus } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-error';
import { dateFormatter } from '@/lib/format';
import { riskReviewsQuery, useMarkRiskSeen } from '@/lib/risk-review';

/**
 * Issue 47: "Needs attention" on the provider's overview: clients whose PHQ-9 answer said thoughts of self-harm
 * (item 9 above zero), until the provider marks it seen. The answer itself is not shown here, only who and when.
 */
export function NeedsAttentionCard({ timeZone }: { timeZone: string | undefined }) {
  const { t, i18n } = useTranslation('dashboard');
  const locale = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const risks = useQuery(riskReviewsQuery());
  const mark = useMarkRiskSeen();
  const day = dateFormatter(locale, { dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) });
  const items = risks.data ?? [];

  return (
    <div className={items.length > 0 ? 'md:col-span-2' : undefined}>
      <SectionCard
        icon={AlertTriangle}
        title={t('provider.attention.title')}
        description={items.length > 0 ? t('provider.attention.lead') : undefined}
      >
        {!risks.data ? (
          <SectionStatus
            loading={risks.isPending}
            error={risks.isError}
            onRetry={() => void risks.refetch()}
            loadingLabel={t('loading')}
            errorText={t('provider.attention.loadFailed')}
            retryLabel={t('retry')}
          />
        ) : items.length === 0 ? (
          <p className="text-slate-700">{t('provider.attention.none')}</p>
        ) : (
          <ul className="flex flex-col gap-2" aria-label={t('provider.attention.title')}>
            {items.map((r) => {
              const name = r.clientName ?? t('provider.attention.unnamed');
              const failed = mark.isError && mark.variables.measureId === r.measureIdentifier;
              return (
                <li
                  key={r.measureIdentifier}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-200 bg-white p-3"
                >
                  <div className="min-w-0">
                    <Link
                      to={`/clients/${r.clientIdentifier}`}
                      className="font-medium break-words text-brand-800 underline underline-offset-2"
                    >
                      {name}
                    </Link>
                    <p className="text-sm text-slate-700">
                      {t('provider.attention.item', { date: day.format(new Date(r.answeredAt)) })}
                    </p>
                    {failed && <FieldError id={`risk-${r.measureIdentifier}`} message={errorMessage(mark.error)} />}
                  </div>
                  <Button
                    size="sm"
                    variant="secondary"
                    pending={mark.isPending && mark.variables.measureId === r.measureIdentifier}
                    aria-label={t('provider.attention.markSeenLabel', { name })}
                    onClick={() => mark.mutate({ measureId: r.measureIdentifier })}
                  >
                    {t('provider.attention.markSeen')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </SectionCard>
    </div>
  );
}
