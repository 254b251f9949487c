import { zodResolver } from '@hookform/resolvers/zod';
import { DECLINE_SUGGESTIONS_MAX } from '@therapy/contracts/constants';
import { message } from '@therapy/contracts/messages';
import { declineInput, type DeclineInput } from '@therapy/contracts/notifications';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SlotPicker, type SlotSelection } from '@/components/slot-picker/slot-picker';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FieldError, FormField } from '@/components/ui/form-field';
import { currentLocale } from '@/lib/i18n';
import type { ModalComponentProps } from '@/lib/modal-store';
import { useDeclineBooking } from '../api/booking-changes-api';
import { BookingSummary, failureText, formatWhen, NoteArea, ResultScreen, serverText } from '../components/shared';

interface Suggestion {
  identifier: string;
  startTime: string;
  endTime: string;
}

/**
 * Issue 47: the provider declines a requested booking with a reason the client reads (required, 400 characters) and
 * up to 3 other free times from their own calendar, which the client's mail and notification offer to book.
 */
export function DeclineBookingModal({ booking, onClose }: ModalComponentProps<'decline-booking'>) {
  const { t, i18n } = useTranslation('booking-changes');
  const locale = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const decline = useDeclineBooking();
  const [picked, setPicked] = useState<SlotSelection | null>(null);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [result, setResult] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const listId = useId();
  const errorId = useId();
  const form = useForm<DeclineInput>({
    resolver: zodResolver(declineInput),
    defaultValues: { reason: '', suggestedTimeslots: [] },
  });

  if (result)
    return (
      <ResultScreen title={t('decline.successTitle')} onClose={onClose}>
        {result}
      </ResultScreen>
    );

  const full = suggestions.length >= DECLINE_SUGGESTIONS_MAX;
  const already = !!picked && suggestions.some((s) => s.identifier === picked.slot.identifier);
  const sameAsRequest = !!picked && picked.slot.startTime === booking.startTime;
  const add = () => {
    if (!picked || full || already || sameAsRequest) return;
    const next = [
      ...suggestions,
      { identifier: picked.slot.identifier, startTime: picked.slot.startTime, endTime: picked.slot.endTime },
    ];
    setSuggestions(next);
    form.setValue(
      'suggestedTimeslots',
      next.map((s) => s.identifier),
    );
  };
  const remove = (id: string) => {
    const next = suggestions.filter((s) => s.identifier !== id);
    setSuggestions(next);
    form.setValue(
      'suggestedTimeslots',
      next.map((s) => s.identifier),
    );
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const res = await decline.mutateAsync({ id: booking.identifier, body: values });
      setResult(serverText(res.message, 'bookingRejected'));
    } catch (error) {
      setServerError(failureText(error));
    }
  });

  const suggestionsError = form.formState.errors.suggestedTimeslots?.message;
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={decline.isPending}>
      <DialogTitle>{t('decline.title')}</DialogTitle>
      <DialogDescription>{t('decline.lead')}</DialogDescription>
      <BookingSummary booking={booking} role="provider" />

      <div className="mt-4 space-y-4">
        <FormField
          label={t('decline.reason')}
          hint={t('decline.reasonHint')}
          error={form.formState.errors.reason?.message}
        >
          {({ invalid, ...c }) => <NoteArea {...c} invalid={invalid} {...form.register('reason')} />}
        </FormField>

        <fieldset aria-describedby={suggestionsError ? `${listId} ${errorId}` : listId}>
          <legend className="mb-1 text-sm font-medium text-slate-800">
            {t('decline.suggest', { count: DECLINE_SUGGESTIONS_MAX })}
          </legend>
          <p className="mb-2 text-sm text-slate-700">{t('decline.suggestHint')}</p>
          <SlotPicker
            providerId={booking.provider.identifier}
            category={booking.therapyCategory.identifier}
            editMode
            onSelect={setPicked}
          />
          <Button
            variant="secondary"
            size="sm"
            className="mt-3"
            disabled={!picked || full || already || sameAsRequest}
            onClick={add}
          >
            {t('decline.add')}
          </Button>
          {full && <p className="mt-2 text-sm text-slate-700">{message('declineSuggestionsMax', currentLocale())}</p>}
          {sameAsRequest && (
            <p className="mt-2 text-sm text-slate-700">{message('declineSuggestionSameTime', currentLocale())}</p>
          )}
          <div id={listId}>
            {suggestions.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">{t('decline.none')}</p>
            ) : (
              <ul className="mt-2 flex flex-col gap-2" aria-label={t('decline.chosen')}>
                {suggestions.map((s) => {
                  const when = formatWhen(s.startTime, s.endTime, locale) ?? s.startTime;
                  return (
                    <li
                      key={s.identifier}
                      className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm"
                    >
                      <span className="min-w-0">{when}</span>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t('decline.remove', { time: when })}
                        onClick={() => remove(s.identifier)}
                      >
                        <X className="size-4" aria-hidden="true" />
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
          <FieldError id={errorId} message={suggestionsError} />
        </fieldset>

        {serverError && <Alert tone="error">{serverError}</Alert>}
      </div>

      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
        <Button type="submit" variant="danger" pending={decline.isPending}>
          {t('decline.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
