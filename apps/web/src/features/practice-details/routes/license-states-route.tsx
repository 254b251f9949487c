import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { message } from '@therapy/contracts/messages';
import { licenseStatesInput, type ClaimedLicenseState } from '@therapy/contracts/practice-details';
import { CircleAlert, CircleCheck, Clock, MapPinned } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { PracticePage } from '@/components/practice-page';
import { SectionCard, SectionStatus } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { MultiSelect } from '@/components/ui/multi-select';
import { currentLocale } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { licenseStatesQuery, usStatesQuery, useSaveLicenseStates } from '../api/practice-details-api';

/** /practice/license-states: the US states where the provider holds a licence, in the searchable state picker. */
export function LicenseStatesRoute() {
  const { t } = useTranslation('practice-details');
  return (
    <PracticePage
      clientNotice={{ title: t('providersOnly.title'), body: t('providersOnly.body') }}
      title={t('licenseStates.title')}
      lead={t('licenseStates.lead')}
    >
      <LicenseStates />
    </PracticePage>
  );
}

function LicenseStates() {
  const { t } = useTranslation('practice-details');
  const chosen = useQuery(licenseStatesQuery());
  if (chosen.isPending || chosen.isError) {
    return (
      <SectionStatus
        loading={chosen.isPending}
        error={chosen.isError}
        onRetry={() => void chosen.refetch()}
        loadingLabel={t('loading')}
        errorText={t('licenseStates.loadFailed')}
        retryLabel={t('retry')}
      />
    );
  }
  return <LicenseStatesForm key={chosen.data.map((s) => s.identifier).join()} saved={chosen.data} />;
}

type StatesInput = z.input<typeof licenseStatesInput>;
type StatesValues = z.output<typeof licenseStatesInput>;

export function LicenseStatesForm({ saved }: { saved: ClaimedLicenseState[] }) {
  const { t } = useTranslation('practice-details');
  const states = useQuery(usStatesQuery());
  const save = useSaveLicenseStates();
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<StatesInput, unknown, StatesValues>({
    resolver: zodResolver(licenseStatesInput),
    defaultValues: { stateIdentifiers: saved.map((s) => s.identifier) },
  });
  const options = (states.data ?? []).map((s) => ({ value: s.identifier, label: s.name }));
  const status =
    states.isPending || states.isError ? (
      <SectionStatus
        loading={states.isPending}
        error={states.isError}
        onRetry={() => void states.refetch()}
        loadingLabel={t('loading')}
        errorText={t('licenseStates.statesFailed')}
        retryLabel={t('retry')}
      />
    ) : undefined;

  const onSubmit = (values: StatesValues) =>
    save.mutate(values, {
      onSuccess: (res) => notify.success(res.message ?? message('licenseStatesSaved', currentLocale())),
    });

  return (
    <SectionCard icon={MapPinned} title={t('licenseStates.card')}>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-4">
        <Controller
          control={control}
          name="stateIdentifiers"
          render={({ field }) => (
            <MultiSelect
              label={t('licenseStates.field')}
              options={options}
              value={field.value}
              onChange={field.onChange}
              error={errors.stateIdentifiers?.message ?? errors.stateIdentifiers?.[0]?.message}
              status={status}
              placeholder={t('licenseStates.placeholder')}
              noMatch={t('licenseStates.noMatch')}
              removeLabel={(state) => t('licenseStates.remove', { state })}
              selectedLabel={(count) => t('licenseStates.selected', { count })}
            />
          )}
        />
        {saved.length === 0 && <p className="text-sm text-slate-600">{t('licenseStates.none')}</p>}
        {saved.length > 0 && <Standing saved={saved} />}
        <div>
          <Button type="submit" pending={save.isPending} disabled={!!status}>
            {t('licenseStates.save')}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}

/** Each claimed state: listed, waiting for review, not approved, or not listed for want of a valid licence (issue 45). */
function Standing({ saved }: { saved: ClaimedLicenseState[] }) {
  const { t } = useTranslation('practice-details');
  const key = (s: ClaimedLicenseState) => (s.listed ? 'listed' : s.review === 'approved' ? 'unlicensed' : s.review);
  const needsLicence = saved.some((s) => !s.listed && s.review === 'approved');
  return (
    <section aria-labelledby="license-standing" className="rounded-xl border border-slate-200 p-4">
      <h3 id="license-standing" className="text-sm font-semibold text-slate-900">
        {t('licenseStates.standing.title')}
      </h3>
      <ul className="mt-2 space-y-2">
        {saved.map((s) => {
          const Icon = s.listed ? CircleCheck : s.review === 'pending' ? Clock : CircleAlert;
          return (
            <li key={s.identifier} className="flex items-start gap-2 text-sm text-slate-800">
              <Icon
                className={`mt-0.5 size-4 shrink-0 ${s.listed ? 'text-emerald-700' : s.review === 'pending' ? 'text-amber-700' : 'text-red-700'}`}
                aria-hidden="true"
              />
              <span>{t(`licenseStates.standing.${key(s)}`, { state: s.name })}</span>
            </li>
          );
        })}
      </ul>
      {needsLicence && (
        <Link to="/practice/credentials" className="mt-3 inline-block text-sm font-medium">
          {t('licenseStates.standing.credentials')}
        </Link>
      )}
    </section>
  );
}
