import { BOOKING_NOTE_MAX, SERIES_MAX, SERIES_MIN } from '@therapy/contracts/constants';
import { bookingInput, seriesInput, type BookingValues } from '@therapy/contracts/bookings';
import type { TherapistProfile } from '@therapy/contracts/directory';
import { keyOfText, localize, message } from '@therapy/contracts/messages';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { errorMessage, isApiError } from '@/lib/api-error';
import { formatMoney } from '@/lib/format';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { currentLocale } from '@/lib/i18n';
import { referenceName } from '@/lib/reference-names-de';
import { notify } from '@/lib/toast';
import { bookingReturnPath, saveBookingIntent } from '@/lib/booking-intent';
import { CrisisHelp } from '@/components/crisis-help';
import { useCreateBooking } from '../api/booking-api';

export interface BookingFormValues {
  modalityIdentifier: string;
  therapyIdentifier: string;
  timeslotIdentifier: string;
  note: string;
  repeat: boolean;
  occurrences: number;
}

/**
 * The form's own values checked by the server's schemas (bookingInput, or seriesInput when repeating weekly), so
 * the form and the API refuse the same input with the same messages.
 */
const bookingResolver: Resolver<BookingFormValues> = async (values) => {
  const { repeat, occurrences, ...rest } = values;
  const result = repeat ? seriesInput.safeParse({ ...rest, occurrences }) : bookingInput.safeParse(rest);
  if (result.success) return { values, errors: {} };
  const errors: FieldErrors<BookingFormValues> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof BookingFormValues | undefined;
    if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

/** Server refusals that are about one field of the form (the rest show above the button). */
const fieldOfMessage = {
  timeslotRequired: 'timeslotIdentifier',
  timeslotInvalid: 'timeslotIdentifier',
  timeslotTaken: 'timeslotIdentifier',
  timeslotOtherProvider: 'timeslotIdentifier',
  modalityRequired: 'modalityIdentifier',
  modalityNotOffered: 'modalityIdentifier',
  therapyRequired: 'therapyIdentifier',
  therapyNotOfferedByProvider: 'therapyIdentifier',
  bookingNoteMax: 'note',
  seriesOccurrencesInvalid: 'occurrences',
  seriesCollides: 'occurrences',
} as const;

interface BookingFormProps {
  providerId: string;
  therapies: Array<{ identifier: string; code: string; name: string }>;
  /** The session types the provider offers (their public summary): only these are offered. */
  modalities: Array<{ identifier: string; code: string; name: string }>;
  /**
   * What a session of each therapy costs (the public page's prices, by the rule the booking is charged by; issue
   * 48): shown for the chosen therapy before Continue. Empty when the page has none (then no price is shown).
   */
  prices: TherapistProfile['prices'];
  /** The picked slot's identifier and its text ("Monday, June 8, 2026, 9:00 AM"), or null. */
  slot: { identifier: string; label: string } | null;
  /** The therapy the calendar shows times for (a provider with times per therapy), if chosen there. */
  therapyFromCalendar?: string | undefined;
  /** The provider has times per therapy: the calendar's therapy choice is the form's. */
  therapyInCalendar: boolean;
  /** The slot was taken meanwhile: the calendar reloads and drops the choice. */
  onSlotGone: () => void;
  /** The session type and therapy chosen before signing in or booked last ("Book again"): `?modality=`, `?therapy=`. */
  initialModality?: string | undefined;
  initialTherapy?: string | undefined;
  /**
   * A visitor (issue 48): the same choice, and Continue leads to sign-in with it, so it comes back afterwards. The
   * note and the weekly repeat wait until then (they would not survive the way through sign-up).
   */
  signedOut?: boolean;
  /** The visitor pressed Continue on this time before signing in: make its hold now, as Continue would have. */
  resume?: boolean;
}

/**
 * Spec §3 "Booking form", §5 "Booking": modality, therapy, the chosen time, an optional note of at most 400 characters
 * and an optional weekly repeat (2 to 12 sessions, all or nothing). Pending -> /payment/{id}; requested or free ->
 * the booking page.
 */
export function BookingForm({
  providerId,
  therapies,
  modalities,
  prices,
  slot,
  therapyFromCalendar,
  therapyInCalendar,
  onSlotGone,
  initialModality,
  initialTherapy,
  signedOut = false,
  resume = false,
}: BookingFormProps) {
  const { t, i18n } = useTranslation('therapists');
  const locale = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const navigate = useNavigate();
  const create = useCreateBooking(providerId);
  const [formError, setFormError] = useState<string | null>(null);
  const timeId = useId();
  const headingId = useId();
  // One therapy or one session type leaves nothing to choose: it is chosen (issue 48).
  const onlyTherapy = therapies.length === 1 ? therapies[0]!.identifier : '';
  const onlyModality = modalities.length === 1 ? modalities[0]!.identifier : '';
  const keptModality = modalities.some((m) => m.identifier === initialModality) ? initialModality! : '';
  const keptTherapy = therapies.some((x) => x.identifier === initialTherapy) ? initialTherapy! : '';
  const {
    register,
    control,
    handleSubmit,
    setError,
    trigger,
    getValues,
    formState: { errors, isSubmitted },
  } = useForm<BookingFormValues>({
    resolver: bookingResolver,
    mode: 'onTouched',
    values: {
      modalityIdentifier: keptModality || onlyModality,
      therapyIdentifier: therapyInCalendar ? (therapyFromCalendar ?? '') : keptTherapy || onlyTherapy,
      timeslotIdentifier: slot?.identifier ?? '',
      note: '',
      repeat: false,
      occurrences: SERIES_MIN,
    },
    resetOptions: { keepDirtyValues: true, keepErrors: true },
  });
  // A new slot (or therapy) from the calendar: once the form was sent, its message follows the new value at once.
  const slotId = slot?.identifier ?? '';
  const shown = useRef({ slotId, therapyFromCalendar });
  useEffect(() => {
    if (shown.current.slotId === slotId && shown.current.therapyFromCalendar === therapyFromCalendar) return;
    shown.current = { slotId, therapyFromCalendar };
    if (isSubmitted) void trigger(['timeslotIdentifier', 'therapyIdentifier']);
  }, [slotId, therapyFromCalendar, isSubmitted, trigger]);
  const note = useWatch({ control, name: 'note' }) ?? '';
  const repeat = useWatch({ control, name: 'repeat' });
  const occurrences = useWatch({ control, name: 'occurrences' });
  const chosenTherapy = useWatch({ control, name: 'therapyIdentifier' });
  const chosenPrice = prices.find((p) => p.therapy.identifier === chosenTherapy)?.fee;
  const priceText =
    chosenPrice &&
    (chosenPrice.isFree || chosenPrice.amount === 0
      ? t('about.free')
      : formatMoney(chosenPrice.amount, chosenPrice.currencyCode, locale));

  // A visitor: whatever is chosen so far goes with them (nothing is required yet; the form checks it once they are
  // back). Sign-in, the sign-up and the verification link all lead back to it.
  const continueToSignIn = () => {
    const values = getValues();
    if (!values.timeslotIdentifier) return;
    const back = bookingReturnPath(providerId, {
      slot: values.timeslotIdentifier,
      therapy: values.therapyIdentifier,
      modality: values.modalityIdentifier,
    });
    saveBookingIntent(providerId, values.timeslotIdentifier);
    void navigate(`/login?redirect=${encodeURIComponent(back)}`);
  };

  const onSubmit = (values: BookingFormValues) => {
    setFormError(null);
    send(values);
  };

  const send = (values: BookingFormValues) => {
    const parsed: BookingValues = bookingInput.parse({
      modalityIdentifier: values.modalityIdentifier,
      therapyIdentifier: values.therapyIdentifier,
      timeslotIdentifier: values.timeslotIdentifier,
      note: values.note,
    });
    create.mutate(
      { values: parsed, occurrences: values.repeat ? values.occurrences : null },
      {
        onSuccess: ({ booking, message: serverMessage }) => {
          const lang = currentLocale();
          if (booking.status === 'pending') {
            notify.success(serverMessage ?? message('bookingCreated', lang));
            void navigate(`/payment/${booking.identifier}`);
          } else {
            notify.success(
              serverMessage ?? message(booking.status === 'requested' ? 'bookingRequested' : 'bookingPaid', lang),
            );
            void navigate(`/appointments/${booking.identifier}`);
          }
        },
        onError: (error) => {
          const marked = applyServerFieldErrors(error, setError, { byMessage: fieldOfMessage });
          const taken =
            isApiError(error) &&
            error.errorList.concat(error.message).some((text) => keyOfText(text)?.key === 'timeslotTaken');
          if (taken || (isApiError(error) && error.status === 409 && error.code === 'CONFLICT')) onSlotGone();
          if (!marked) setFormError(errorMessage(error));
        },
      },
    );
  };

  // Back from signing in with the time the visitor pressed Continue on: Continue once more, by itself, with the
  // choice they brought (not the form's state, which takes a render to follow new props).
  const resumed = useRef(false);
  const resumeTherapy = therapyInCalendar ? (therapyFromCalendar ?? '') : keptTherapy || onlyTherapy;
  const resumeOnce = useEffectEvent(() => {
    if (!resume || resumed.current || !slotId || !keptModality || !resumeTherapy) return;
    resumed.current = true;
    const choice = {
      modalityIdentifier: keptModality,
      therapyIdentifier: resumeTherapy,
      timeslotIdentifier: slotId,
      note: '',
    };
    if (bookingInput.safeParse(choice).success) send({ ...choice, repeat: false, occurrences: SERIES_MIN });
  });
  useEffect(() => resumeOnce(), [resume, slotId, keptModality, resumeTherapy]);

  return (
    <form
      noValidate
      onSubmit={
        signedOut
          ? (event) => {
              event.preventDefault();
              continueToSignIn();
            }
          : handleSubmit(onSubmit)
      }
      className={signedOut ? 'mt-4 flex flex-col gap-4' : 'mt-8 flex flex-col gap-4 border-t border-slate-200 pt-6'}
      aria-labelledby={headingId}
    >
      <h3 id={headingId} className={signedOut ? 'sr-only' : 'text-base font-semibold text-slate-900'}>
        {t('booking.formLabel')}
      </h3>
      <input type="hidden" {...register('timeslotIdentifier')} />
      {/* A visitor sees the chosen time in the summary just above. */}
      <div className={signedOut ? 'hidden' : undefined}>
        <p id={timeId} className="text-sm font-medium text-slate-800">
          {t('booking.time')}
        </p>
        <p className="mt-1 text-slate-900" data-testid="booking-time">
          {slot ? slot.label : <span className="text-slate-600">{t('booking.noTime')}</span>}
        </p>
        {therapyInCalendar && errors.therapyIdentifier?.message && (
          <p role="alert" className="mt-1.5 text-sm font-medium text-red-700">
            {localize(errors.therapyIdentifier.message, locale)}
          </p>
        )}
        {errors.timeslotIdentifier?.message && (
          <p role="alert" className="mt-1.5 text-sm font-medium text-red-700">
            {localize(errors.timeslotIdentifier.message, locale)}
          </p>
        )}
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('booking.modality')} error={errors.modalityIdentifier?.message}>
          {({ invalid, ...field }) => (
            <Select {...field} invalid={invalid} {...register('modalityIdentifier')}>
              <option value="">{t('booking.modalityPlaceholder')}</option>
              {modalities.map((modality) => (
                <option key={modality.identifier} value={modality.identifier}>
                  {referenceName('modality', modality.code, modality.name, locale)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        {!therapyInCalendar && (
          <FormField label={t('booking.therapy')} error={errors.therapyIdentifier?.message}>
            {({ invalid, ...field }) => (
              <Select {...field} invalid={invalid} {...register('therapyIdentifier')}>
                <option value="">{t('booking.therapyPlaceholder')}</option>
                {therapies.map((therapy) => (
                  <option key={therapy.identifier} value={therapy.identifier}>
                    {referenceName('therapy-category', therapy.code, therapy.name, locale)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        )}
      </div>

      {prices.length > 0 && (
        // The price of the chosen therapy (the session type does not change it), said again as the choice changes.
        <div aria-live="polite" data-testid="booking-price">
          <p className="text-sm font-medium text-slate-800">{t('booking.price')}</p>
          {priceText ? (
            <p className="mt-1 font-semibold text-slate-900">{priceText}</p>
          ) : (
            <p className="mt-1 text-slate-600">{t('booking.priceChoose')}</p>
          )}
          {priceText && repeat && chosenPrice && !chosenPrice.isFree && chosenPrice.amount > 0 && (
            <p className="mt-1 text-sm text-slate-700">
              {t('booking.priceSeries', { count: occurrences, amount: priceText })}
            </p>
          )}
        </div>
      )}

      {!signedOut && (
        <FormField
          label={t('booking.note')}
          optional
          hint={t('booking.noteCount', { count: [...note].length, max: BOOKING_NOTE_MAX })}
          error={errors.note?.message}
        >
          {({ invalid, ...field }) => (
            <textarea
              {...field}
              rows={3}
              aria-invalid={invalid || undefined}
              className={`block w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-base text-slate-900 ${invalid ? 'border-red-700' : 'border-slate-500 hover:border-slate-600'}`}
              {...register('note')}
            />
          )}
        </FormField>
      )}

      {!signedOut && <Checkbox label={t('booking.repeat')} {...register('repeat')} />}
      {!signedOut && repeat && (
        <FormField
          label={t('booking.occurrences')}
          hint={t('booking.occurrencesHint')}
          error={errors.occurrences?.message}
          className="max-w-xs"
        >
          {({ invalid, ...field }) => (
            <Select {...field} invalid={invalid} {...register('occurrences', { valueAsNumber: true })}>
              {Array.from({ length: SERIES_MAX - SERIES_MIN + 1 }, (_, i) => SERIES_MIN + i).map((n) => (
                <option key={n} value={n}>
                  {t('booking.sessions', { count: n })}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      )}

      {formError && <Alert tone="error">{formError}</Alert>}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" pending={create.isPending} className="shrink-0">
          {t('summary.continue')}
        </Button>
        {signedOut && <p className="text-sm text-slate-700">{t('booking.signInNote')}</p>}
      </div>
      {/* Issue 48 "Help in a crisis": the booking flow says where to turn right now. */}
      <CrisisHelp />
    </form>
  );
}
