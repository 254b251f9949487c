import { useQuery } from '@tanstack/react-query';
import { CalendarClock, CalendarCog, CalendarPlus, Eye, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PracticePage } from '@/components/practice-page';
import { SectionCard, SectionStatus } from '@/components/section-card';
import { buttonClasses } from '@/components/ui/button';
import { useAuthStore } from '@/lib/auth-store';
import { referenceName } from '@/lib/reference-names-de';
import { settingsQuery, setupQuery } from '../api/availability-api';
import { useBrowserZoneForNewProvider } from '../api/use-browser-zone';
import { BookingApproval } from '../components/booking-approval';
import { CalendarSetup } from '../components/calendar-setup';
import { CustomDays } from '../components/custom-days';
import { SettingsForm } from '../components/settings-form';
import { WeeklyEditor } from '../components/weekly-editor';

/** /availability: the provider's booking settings, calendar set-up, weekly hours and custom days. */
export function AvailabilityRoute() {
  const { t } = useTranslation('availability');
  const userType = useAuthStore((s) => s.user?.userType);
  const userId = useAuthStore((s) => s.user?.identifier);
  // What clients see of these settings: the public page with the date and time picker.
  const preview =
    userType === 'provider' && userId ? (
      <Link to={`/therapists/${userId}/`} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
        <Eye className="size-4" aria-hidden="true" />
        {t('preview')}
      </Link>
    ) : undefined;
  return (
    <PracticePage
      width="4xl"
      backToPractice={false}
      title={t('title')}
      lead={t('lead')}
      actions={preview}
      clientNotice={{ title: t('providersOnly.title'), body: t('providersOnly.body') }}
    >
      <ProviderAvailability />
    </PracticePage>
  );
}

function ProviderAvailability() {
  const { t, i18n } = useTranslation('availability');
  const locale = i18n.resolvedLanguage ?? 'en';
  const settings = useQuery(settingsQuery());
  const setup = useQuery(setupQuery());
  useBrowserZoneForNewProvider(settings.data);
  const [chosenCategory, setChosenCategory] = useState<string | null>(null);

  const categories = (setup.data?.categories ?? []).map((c) => ({
    value: c.identifier,
    label: referenceName('therapy-category', c.code, c.name, locale),
  }));
  const byCategory = setup.data?.calendarSetupType === 'BY_CATEGORY';
  // The chosen therapy, else the first one; a therapy removed from the profile falls back to the first.
  const category = byCategory
    ? ((categories.find((c) => c.value === chosenCategory) ?? categories[0])?.value ?? null)
    : null;
  const categoryLabel = categories.find((c) => c.value === category)?.label;
  // Per therapy with no therapies yet: there is no plan to edit until the profile lists some (the set-up card says so).
  const plansReady = !!setup.data && (!byCategory || category !== null);
  const setupStatus = (
    <SectionStatus
      loading={setup.isPending}
      error={setup.isError}
      onRetry={() => void setup.refetch()}
      loadingLabel={t('loading')}
      errorText={t('setup.loadFailed')}
      retryLabel={t('retry')}
    />
  );

  return (
    <div className="flex flex-col gap-6">
      <SectionCard icon={Settings2} title={t('settings.title')} description={t('settings.description')}>
        <SectionStatus
          loading={settings.isPending}
          error={settings.isError}
          onRetry={() => void settings.refetch()}
          loadingLabel={t('loading')}
          errorText={t('settings.loadFailed')}
          retryLabel={t('retry')}
        />
        {/* Keyed by timezoneSaved: the form starts again once the browser's zone has been saved for a new provider. */}
        {settings.data && <SettingsForm key={String(settings.data.timezoneSaved)} settings={settings.data} />}
      </SectionCard>

      <BookingApproval />

      <SectionCard icon={CalendarCog} title={t('setup.title')} description={t('setup.description')}>
        {setupStatus}
        {setup.data && (
          <CalendarSetup
            setup={setup.data}
            categories={categories}
            category={category}
            onCategoryChange={setChosenCategory}
          />
        )}
      </SectionCard>

      {(setup.isPending || plansReady) && (
        <SectionCard
          icon={CalendarClock}
          title={t('weekly.title')}
          description={
            categoryLabel ? t('weekly.descriptionCategory', { category: categoryLabel }) : t('weekly.description')
          }
        >
          {setup.isPending && setupStatus}
          {/* The key gives each plan its own form, so switching therapy never carries one plan's edits into another. */}
          {plansReady && <WeeklyEditor key={category ?? 'general'} category={category} />}
        </SectionCard>
      )}

      {(setup.isPending || plansReady) && (
        <SectionCard
          icon={CalendarPlus}
          title={t('custom.title')}
          description={
            categoryLabel ? t('custom.descriptionCategory', { category: categoryLabel }) : t('custom.description')
          }
        >
          {setup.isPending && setupStatus}
          {plansReady && (
            <CustomDays
              key={category ?? 'general'}
              category={category}
              timezone={settings.data?.timezone}
              horizonDays={settings.data?.horizonDays}
            />
          )}
        </SectionCard>
      )}
    </div>
  );
}
