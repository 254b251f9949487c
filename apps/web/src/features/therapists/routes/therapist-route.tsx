import type { TherapistProfile } from '@therapy/contracts/directory';
import { useQuery } from '@tanstack/react-query';
import { UserRoundX } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/page-spinner';
import { StatusPage } from '@/components/status-page';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { useAuthStore } from '@/lib/auth-store';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { isApiError } from '@/lib/api-error';
import { usePageTitle } from '@/lib/page-title';
import { useIntlReady } from '@/lib/intl-warmup';
import { useHydrated } from '@/lib/use-hydrated';
import { referenceName } from '@/lib/reference-names-de';
import { useCalendarSetupType, useProviderSummary } from '../api/therapists-api';
import { therapistProfileQuery } from '../api/therapist-profile-query';
import { ProviderAbout } from '../components/provider-about';
import { ProviderHeader } from '../components/provider-header';
import { ProviderReviews } from '../components/provider-reviews';

import { isProviderId } from '../api/provider-id';
import { providerDisplayName } from '../api/provider-name';
import { useModalStore } from '@/lib/modal-store';
import { takeBookingIntent } from '@/lib/booking-intent';
import { useViewerState, type ViewerState } from '@/lib/viewer-state';
import { SlotPicker, type SlotSelection } from '@/components/slot-picker/slot-picker';
import { formatLongDate } from '@/lib/format';
import {
  browserTimeZone,
  formatSlotTime,
  monthOf,
  slotStartOf,
  todayIn,
} from '@/components/slot-picker/slot-picker-model';

/** The chosen slot is the linked one: a slot's identifier may be issued anew, its start is what it is. */
const sameStart = (startTime: string, linked: string | null) =>
  !!linked && slotStartOf(linked)?.getTime() === Date.parse(startTime);

// The form (and the zod schemas it validates with) loads only for a signed-in client: the page's first paint and a
// visitor's page stay free of it (first-paint.spec.ts keeps the schemas out of the page's preloads).
const BookingForm = lazy(() => import('../components/booking-form').then((m) => ({ default: m.BookingForm })));

/**
 * The public page of one therapist (/therapists/:providerId, signed in or not): who they are and "Select a date and
 * time", then the booking form (clients), Continue to the login page (signed out), nothing to book (providers).
 */
export function TherapistRoute() {
  const { t } = useTranslation('therapists');
  const { providerId = '' } = useParams();
  const validId = isProviderId(providerId);
  const summary = useProviderSummary(providerId, validId);
  usePageTitle(summary.data ? providerDisplayName(summary.data) : null);
  // The calendar is in the viewer's own time zone, which only the browser knows: it renders after hydration, once the
  // date-formatting data is loaded off the main thread (lib/intl-warmup.ts). Deferred, so the calendar's first render
  // is a background render the browser can interrupt.
  const hydrated = useHydrated();
  const intlReady = useIntlReady();
  const showCalendar = useDeferredValue(hydrated && intlReady);
  // Told early (issue 48): a therapist not licensed in the viewer's state says so here, not after the form is sent.
  const profile = useQuery({ ...therapistProfileQuery(providerId), enabled: validId });
  const viewerState = useViewerState();
  const isProvider = useAuthStore((s) => s.status === 'authenticated' && s.user?.userType !== 'client');
  const unlicensed =
    !isProvider && viewerState && profile.data && !profile.data.licenceStates.some((s) => s.code === viewerState.code)
      ? viewerState
      : null;

  // An unknown provider's summary is null (therapists-api.ts); the server answers this state with 404 (issue 49).
  const notFound = !validId || summary.data === null || (isApiError(summary.error) && summary.error.status === 400);
  if (notFound) return <TherapistNotFound />;
  if (summary.isPending) return <PageSpinner label={t('loading')} />;
  if (summary.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
        <h1 className="sr-only">{t('calendar.title')}</h1>
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="secondary" pending={summary.isFetching} onClick={() => void summary.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('loadFailed')}
        </Alert>
      </div>
    );
  }

  const provider = summary.data;
  // Narrowed above (null is the not-found state); said again for the type checker.
  if (!provider) return <TherapistNotFound />;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <ProviderHeader provider={provider} />
      {unlicensed && (
        <NotLicensedAlert className="mt-6" state={unlicensed} providerName={providerDisplayName(provider)} detailed />
      )}
      <ProviderAbout providerId={providerId} />
      {showCalendar ? (
        <BookingCalendar
          providerId={providerId}
          providerName={providerDisplayName(provider)}
          therapies={provider.therapies}
          modalities={provider.modalities}
          unlicensed={unlicensed}
        />
      ) : (
        <CalendarPlaceholder />
      )}
      {/* After hydration, like the calendar: the server-rendered HTML stays the same for every visitor and fast. */}
      {hydrated && <ProviderReviews providerId={providerId} />}
    </div>
  );
}

function BookingCalendar({
  providerId,
  providerName,
  therapies,
  modalities,
  unlicensed,
}: {
  providerId: string;
  providerName: string;
  therapies: Array<{ identifier: string; code: string; name: string }>;
  modalities: Array<{ identifier: string; code: string; name: string }>;
  /** The viewer's state when the therapist is not licensed there: no form, no waitlist, the reason instead. */
  unlicensed: ViewerState | null;
}) {
  const openModal = useModalStore((s) => s.open);
  const { t, i18n } = useTranslation('therapists');
  const locale = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const headingId = useId();
  const [timeZone] = useState(browserTimeZone);
  const [month] = useState(() => monthOf(todayIn(timeZone)));
  const setup = useCalendarSetupType(providerId, month, timeZone);
  // The page's prices (the same answer the About card shows): the form shows the chosen therapy's (issue 48).
  const prices = useQuery(therapistProfileQuery(providerId)).data?.prices ?? NO_PRICES;
  // A link to one time (a provider's suggestion when declining, issue 47; the way back from signing in and "Book again", issue 48):
  // `?slot=` opens the calendar on it, `?therapy=` and `?modality=` fill in the rest of the choice.
  const [searchParams] = useSearchParams();
  const suggestedSlot = searchParams.get('slot');
  const keptTherapy = searchParams.get('therapy') ?? undefined;
  const keptModality = searchParams.get('modality') ?? undefined;
  const [chosenCategory, setChosenCategory] = useState(() =>
    therapies.some((therapy) => therapy.identifier === keptTherapy) ? keptTherapy! : '',
  );
  const [selection, setSelection] = useState<SlotSelection | null>(null);
  // A slot taken meanwhile: a new round of the picker (fresh times, no stale choice).
  const [pickerRound, setPickerRound] = useState(0);
  const viewer = useAuthStore((s) =>
    s.status === 'unknown'
      ? 'unknown'
      : s.status !== 'authenticated' || !s.user
        ? 'anonymous'
        : s.user.userType === 'client'
          ? 'client'
          : 'provider',
  );

  // The therapist on her own page sees her free times as clients will, also before verification (issue 47).
  const ownPage = useAuthStore((s) => s.status === 'authenticated' && s.user?.identifier === providerId);
  const byCategory = setup.data === 'BY_CATEGORY';
  // One therapy leaves nothing to choose.
  const onlyTherapy = therapies.length === 1 ? therapies[0]?.identifier : undefined;
  const category = byCategory ? chosenCategory || onlyTherapy : undefined;
  // Signed in again with the time this browser pressed Continue on: its hold is made as Continue would have. Asked
  // once the session is known (a page load restores it first), and only once.
  const [resume, setResume] = useState(false);
  const intentChecked = useRef(false);
  useEffect(() => {
    if (viewer !== 'client' || !suggestedSlot || intentChecked.current) return;
    intentChecked.current = true;
    setResume(takeBookingIntent(providerId, suggestedSlot));
  }, [viewer, suggestedSlot, providerId]);

  return (
    <Card className="mt-6 sm:mt-8">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('calendar.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t('calendar.lead')}</p>

        {byCategory && therapies.length > 1 && (
          <FormField label={t('calendar.therapy')} hint={t('calendar.therapyHint')} className="mt-5 max-w-sm">
            {(field) => (
              <Select
                {...field}
                value={chosenCategory}
                onChange={(event) => {
                  setChosenCategory(event.target.value);
                  setSelection(null);
                }}
              >
                <option value="">{t('calendar.therapyPlaceholder')}</option>
                {therapies.map((therapy) => (
                  <option key={therapy.identifier} value={therapy.identifier}>
                    {referenceName('therapy-category', therapy.code, therapy.name, locale)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        )}

        <div className="mt-6">
          {/* A new therapy starts a fresh calendar: its own months, its own first date. */}
          <SlotPicker
            key={`${category ?? 'general'}-${pickerRound}`}
            providerId={providerId}
            category={category}
            onSelect={setSelection}
            initialSlot={pickerRound === 0 ? suggestedSlot : null}
            preview={ownPage}
          />
        </div>

        {unlicensed && viewer !== 'provider' && viewer !== 'unknown' && (
          <NotLicensedAlert className="mt-6" state={unlicensed} providerName={providerName} />
        )}
        {viewer === 'client' && !unlicensed && (
          <Suspense fallback={null}>
            <BookingForm
              providerId={providerId}
              therapies={therapies}
              modalities={modalities}
              prices={prices}
              slot={
                selection
                  ? {
                      identifier: selection.slot.identifier,
                      label: t('summary.when', {
                        date: formatLongDate(selection.date, locale),
                        time: formatSlotTime(selection.slot, locale, selection.timeZone),
                      }),
                    }
                  : null
              }
              therapyInCalendar={byCategory}
              therapyFromCalendar={category}
              initialModality={keptModality}
              initialTherapy={keptTherapy}
              resume={resume && pickerRound === 0 && !!selection && sameStart(selection.slot.startTime, suggestedSlot)}
              onSlotGone={() => {
                setSelection(null);
                setPickerRound((n) => n + 1);
              }}
            />
          </Suspense>
        )}
        {viewer === 'client' && !unlicensed && (
          <div className="mt-6 flex flex-col gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center">
            <p className="min-w-0 flex-1 text-sm text-slate-700">{t('waitlist.hint')}</p>
            <Button
              variant="secondary"
              className="shrink-0"
              onClick={() =>
                openModal('waitlist-join', { providerId, providerName, therapies, modalities }, { size: 'md' })
              }
            >
              {t('waitlist.open')}
            </Button>
          </div>
        )}
        {viewer === 'anonymous' && selection && !unlicensed && (
          <div className="mt-6 rounded-xl border border-brand-200 bg-brand-50 p-4">
            <h3 className="text-sm font-semibold text-slate-900">{t('summary.title')}</h3>
            <p className="mt-1 text-slate-900" data-testid="slot-summary">
              {t('summary.when', {
                date: formatLongDate(selection.date, locale),
                time: formatSlotTime(selection.slot, locale, selection.timeZone),
              })}
            </p>
            <Suspense fallback={null}>
              <BookingForm
                signedOut
                providerId={providerId}
                therapies={therapies}
                modalities={modalities}
                slot={{ identifier: selection.slot.identifier, label: '' }}
                therapyInCalendar={byCategory}
                therapyFromCalendar={category}
                initialModality={keptModality}
                initialTherapy={keptTherapy}
                prices={prices}
                onSlotGone={() => setSelection(null)}
              />
            </Suspense>
          </div>
        )}
        {viewer === 'provider' && <p className="mt-6 text-sm text-slate-700">{t('booking.providerNote')}</p>}
      </section>
    </Card>
  );
}

const NO_PRICES: TherapistProfile['prices'] = [];

/**
 * Told early (issue 48): the therapist cannot see someone in the viewer's state, said before any form. The detailed
 * one (near the top) says which state it is and where it comes from, and leads to therapists licensed there.
 */
function NotLicensedAlert({
  state,
  providerName,
  detailed = false,
  className,
}: {
  state: ViewerState;
  providerName: string;
  detailed?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('therapists');
  const text = t(state.source === 'profile' ? 'licence.profileState' : 'licence.directoryState', {
    name: providerName,
    state: state.name,
  });
  return (
    <Alert
      tone="warning"
      className={className}
      title={detailed ? t('licence.title', { state: state.name }) : undefined}
    >
      {detailed ? (
        <>
          <p>{text}</p>
          <p className="mt-2">
            <Link to={`/therapists?state=${encodeURIComponent(state.code)}`}>
              {t('licence.findOthers', { state: state.name })}
            </Link>
          </p>
        </>
      ) : (
        t('licence.noBooking', { state: state.name })
      )}
    </Alert>
  );
}

/** What the server sends in the calendar's place: its frame and heading, at the height the calendar takes. */
function CalendarPlaceholder() {
  const { t } = useTranslation('therapists');
  return (
    <Card className="mt-6 min-h-[34rem] sm:mt-8">
      <h2 className="text-lg font-semibold text-slate-900">{t('calendar.title')}</h2>
      <p className="mt-1 text-sm text-slate-700">{t('calendar.lead')}</p>
    </Card>
  );
}

function TherapistNotFound() {
  const { t } = useTranslation('therapists');
  return (
    <StatusPage icon={UserRoundX} eyebrow="404" title={t('notFound.title')} body={t('notFound.body')}>
      <Link to="/" className={buttonClasses()}>
        {t('notFound.home')}
      </Link>
    </StatusPage>
  );
}
