import { AVAILABILITY_HORIZON_DAYS, SLOT_SKELETON_COUNT } from '@therapy/contracts/constants';
import type { Timeslot } from '@therapy/contracts/availability';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { CalendarX2, Check, ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useMemo, useState } from 'react';
import { DayPicker, type ChevronProps, type ClassNames, type Labels } from 'react-day-picker';
import { de as dayPickerDe } from 'react-day-picker/locale/de';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatLongDate, formatMonth, formatZoneName } from '@/lib/format';
import { notify } from '@/lib/toast';
import { availabilityMonthQuery, calendarPreviewMonthQuery } from './slot-picker-api';
import {
  addDays,
  bookableDates,
  browserTimeZone,
  chooseInitialDate,
  formatSlotTime,
  fromPickerDate,
  isDateEnabled,
  monthOf,
  needsCategory,
  nextMonthToTry,
  slotsOn,
  slotStartOf,
  todayIn,
  toPickerDate,
  type IsoDate,
  type IsoMonth,
} from './slot-picker-model';

export interface SlotSelection {
  /** The calendar date of the slot in `timeZone`. */
  date: IsoDate;
  slot: Timeslot;
  /** The zone the date and times are shown in (the browser's). */
  timeZone: string;
}

export interface SlotPickerProps {
  providerId: string;
  /** The therapy category; needed when the provider's calendar is set up BY_CATEGORY. */
  category?: string | undefined;
  /** Rescheduling: no date is chosen for the viewer (spec §4). */
  editMode?: boolean;
  /** Called with the chosen slot, and with null when the choice goes away (another date, another month). */
  onSelect?: (selection: SlotSelection | null) => void;
  /** A slot to open on and choose (a suggested time's link, issue 47), if it is still free. */
  initialSlot?: string | null;
  /**
   * The provider looking at her own calendar (issue 47): her free times as clients will see them, also before she is
   * verified, with a note saying whether clients see them yet. The times cannot be chosen.
   */
  preview?: boolean;
}

interface PickerState {
  /** The month the calendar moved to by itself (spec §4 auto-advance). */
  autoMonth: IsoMonth;
  /** The month the viewer moved to; once set, the calendar no longer moves by itself. */
  userMonth: IsoMonth | null;
  pickedDate: IsoDate | null;
  /** `start` (epoch ms): a slot given from outside (a link) is matched by its start too, as its identifier may differ. */
  pickedSlot: { date: IsoDate; identifier: string; start?: number } | null;
}

const classNames: Partial<ClassNames> = {
  root: 'w-full',
  months: 'w-full',
  month: 'grid w-full grid-cols-[2.75rem_minmax(0,1fr)_2.75rem] items-center gap-y-3',
  month_caption: 'flex h-11 items-center justify-center',
  caption_label: 'text-base font-semibold text-slate-900',
  button_previous:
    'inline-flex size-11 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100 aria-disabled:cursor-not-allowed aria-disabled:text-slate-400 aria-disabled:hover:bg-transparent',
  button_next:
    'inline-flex size-11 items-center justify-center justify-self-end rounded-full text-slate-800 hover:bg-slate-100 aria-disabled:cursor-not-allowed aria-disabled:text-slate-400 aria-disabled:hover:bg-transparent',
  chevron: 'size-5',
  month_grid: 'col-span-3 w-full table-fixed border-collapse',
  weekdays: '',
  weekday: 'pb-2 text-center text-xs font-medium text-slate-600',
  week: '',
  day: 'p-0.5 text-center align-middle',
  // Every day that is not disabled can be booked, so "enabled" looks available; the modifiers below override it.
  day_button:
    'mx-auto flex size-10 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-900 hover:bg-brand-100',
  disabled:
    '[&>button]:cursor-not-allowed [&>button]:bg-transparent [&>button]:font-normal [&>button]:text-slate-400 [&>button]:hover:bg-transparent',
  selected: '[&>button]:bg-brand-700 [&>button]:text-white [&>button]:hover:bg-brand-800',
  today: '[&>button]:underline [&>button]:decoration-2 [&>button]:underline-offset-4',
  outside: 'invisible',
  hidden: 'invisible',
};

function Chevron({ orientation, className }: ChevronProps) {
  const Icon = orientation === 'left' ? ChevronLeft : ChevronRight;
  return <Icon className={className} aria-hidden="true" />;
}

const components = { Chevron };

/**
 * "Select a date and time" (spec §2): a month calendar of the provider's bookable dates and the slots of the chosen
 * date, in the viewer's zone. It opens on today or the nearest later bookable date, moving on to the next month by
 * itself while a month has nothing to book (spec §4), up to the horizon of about 2 months (spec §5).
 */
export function SlotPicker({
  providerId,
  category,
  editMode = false,
  onSelect,
  initialSlot,
  preview = false,
}: SlotPickerProps) {
  const { t, i18n } = useTranslation('slot-picker');
  const locale = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const slotsHeadingId = useId();
  const [timeZone] = useState(browserTimeZone);
  const [today] = useState(() => todayIn(timeZone));
  const [state, setState] = useState<PickerState>(() => {
    const start = initialSlot ? slotStartOf(initialSlot) : null;
    if (start && initialSlot) {
      const date = todayIn(timeZone, start);
      return {
        autoMonth: monthOf(today),
        userMonth: monthOf(date),
        pickedDate: date,
        pickedSlot: { date, identifier: initialSlot, start: start.getTime() },
      };
    }
    return { autoMonth: monthOf(today), userMonth: null, pickedDate: null, pickedSlot: null };
  });

  const shownMonth = state.userMonth ?? state.autoMonth;
  const publicQuery = useQuery({
    ...availabilityMonthQuery({ providerId, month: shownMonth, category, timeZone }),
    enabled: !preview,
  });
  const previewQuery = useQuery({
    ...calendarPreviewMonthQuery({ month: shownMonth, category, timeZone }),
    enabled: preview,
  });
  const query = preview ? previewQuery : publicQuery;
  const calendar = query.data;
  const mustChooseCategory = needsCategory(calendar, category);

  // Spec §4: a month with nothing to book moves on to the next one, until the viewer moves the calendar themselves.
  const autoAdvanceTo =
    !state.userMonth && calendar && !mustChooseCategory ? nextMonthToTry(state.autoMonth, calendar) : null;
  if (autoAdvanceTo) setState((s) => ({ ...s, autoMonth: autoAdvanceTo }));

  const advancing = !state.userMonth && state.autoMonth !== monthOf(today) && query.isPending;
  const advancingText = t('calendar.advancing', { month: formatMonth(state.autoMonth, locale) });
  useEffect(() => {
    if (!advancing) return;
    const id = `slot-advance:${providerId}:${state.autoMonth}`;
    notify.loading(id, advancingText);
    return () => notify.dismiss(id);
  }, [advancing, advancingText, providerId, state.autoMonth]);

  const bookable = calendar && !mustChooseCategory ? bookableDates(calendar) : [];
  const exhausted = !state.userMonth && !!calendar && !mustChooseCategory && bookable.length === 0 && !autoAdvanceTo;
  const pickedDate =
    state.pickedDate && monthOf(state.pickedDate) === shownMonth && bookable.includes(state.pickedDate)
      ? state.pickedDate
      : null;
  const selectedDate = pickedDate ?? (mustChooseCategory ? null : chooseInitialDate(calendar, today, editMode));
  const slots = calendar && selectedDate ? slotsOn(calendar, selectedDate) : [];
  const selectedSlot =
    state.pickedSlot && state.pickedSlot.date === selectedDate
      ? (slots.find(
          (s) =>
            s.identifier === state.pickedSlot?.identifier ||
            (state.pickedSlot?.start !== undefined && Date.parse(s.startTime) === state.pickedSlot.start),
        ) ?? null)
      : null;

  // The parent hears about every change of the choice, including one that vanished (a refetch without that slot).
  const selectionKey = selectedSlot && selectedDate ? `${selectedDate}|${selectedSlot.identifier}` : null;
  const announce = useEffectEvent(() =>
    onSelect?.(selectedSlot && selectedDate ? { date: selectedDate, slot: selectedSlot, timeZone } : null),
  );
  useEffect(() => announce(), [selectionKey]);

  // The day's number must be a word of its name (WCAG 2.5.3): "Monday, June 8, 2026", not date-fns' "June 8th".
  const labels = useMemo<Partial<Labels>>(
    () => ({
      labelDayButton: (date, modifiers) => {
        let label = formatLongDate(fromPickerDate(date), locale);
        if (modifiers.today) label = t('calendar.dayToday', { date: label });
        if (modifiers.selected) label = t('calendar.daySelected', { date: label });
        return label;
      },
    }),
    [locale, t],
  );

  const firstMonth = monthOf(calendar?.firstDate ?? today);
  const lastMonth = monthOf(calendar?.lastDate ?? addDays(today, AVAILABILITY_HORIZON_DAYS));

  // The month grid is the costly part of a render (42 labelled days); a change of loading state, of the chosen slot
  // or of the parent's choice does not touch it, so it is rebuilt only when what it shows changes.
  const dayPicker = useMemo(
    () => (
      <DayPicker
        mode="single"
        required
        selected={selectedDate ? toPickerDate(selectedDate) : undefined}
        onSelect={(date) => setState((s) => ({ ...s, pickedDate: fromPickerDate(date), pickedSlot: null }))}
        month={toPickerDate(`${shownMonth}-01`)}
        onMonthChange={(month) =>
          setState((s) => ({ ...s, userMonth: monthOf(fromPickerDate(month)), pickedSlot: null }))
        }
        startMonth={toPickerDate(`${firstMonth}-01`)}
        endMonth={toPickerDate(`${lastMonth}-01`)}
        disabled={(date) => mustChooseCategory || !isDateEnabled(fromPickerDate(date), calendar, shownMonth)}
        locale={locale === 'de' ? dayPickerDe : undefined}
        labels={labels}
        navLayout="around"
        classNames={classNames}
        components={components}
      />
    ),
    [selectedDate, shownMonth, firstMonth, lastMonth, mustChooseCategory, calendar, locale, labels],
  );

  const picker = (
    <div className="grid gap-6 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] md:gap-8">
      <div className="min-w-0">{dayPicker}</div>

      <div className="min-w-0" aria-busy={query.isFetching || undefined}>
        {mustChooseCategory ? (
          <Alert tone="info">{t('calendar.chooseTherapy')}</Alert>
        ) : query.isError ? (
          <Alert
            tone="error"
            title={t('calendar.loadFailed')}
            action={
              <Button size="sm" variant="secondary" pending={query.isFetching} onClick={() => void query.refetch()}>
                {t('calendar.retry')}
              </Button>
            }
          >
            {t('calendar.loadFailedHint')}
          </Alert>
        ) : query.isPending ? (
          <SlotSkeleton label={t('calendar.loading')} />
        ) : exhausted ? (
          <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center">
            <CalendarX2 className="mb-3 size-8 text-brand-700" aria-hidden="true" />
            <h3 className="font-semibold text-slate-900">{t('calendar.empty.title')}</h3>
            <p className="mt-1 text-sm text-slate-700">{t('calendar.empty.body')}</p>
          </div>
        ) : bookable.length === 0 ? (
          <p className="text-sm text-slate-700">
            {t('calendar.emptyMonth', { month: formatMonth(shownMonth, locale) })}
          </p>
        ) : !selectedDate ? (
          <p className="text-sm text-slate-700">{t('calendar.pickDate')}</p>
        ) : (
          <section aria-labelledby={slotsHeadingId}>
            <h3 id={slotsHeadingId} className="font-semibold text-slate-900">
              {t('calendar.slotsFor', { date: formatLongDate(selectedDate, locale) })}
            </h3>
            <p className="mt-1 text-sm text-slate-700">
              {t('calendar.timeZone', {
                name: formatZoneName(locale, timeZone, slots[0] ? new Date(slots[0].startTime) : undefined),
                zone: timeZone,
              })}
            </p>
            <ul
              aria-labelledby={slotsHeadingId}
              className="mt-4 grid grid-cols-[repeat(auto-fill,minmax(10.75rem,1fr))] gap-2"
            >
              {slots.map((slot) => {
                // A preview's times are shown as clients will see them, but nothing can be booked from them.
                if (preview)
                  return (
                    <li
                      key={slot.identifier}
                      className="flex h-11 items-center justify-center rounded-lg border border-dashed border-slate-400 bg-slate-50 px-2 text-sm font-medium whitespace-nowrap text-slate-800 tabular-nums"
                    >
                      {formatSlotTime(slot, locale, timeZone)}
                    </li>
                  );
                const pressed = slot.identifier === selectedSlot?.identifier;
                return (
                  <li key={slot.identifier}>
                    <button
                      type="button"
                      aria-pressed={pressed}
                      onClick={() =>
                        setState((s) => ({ ...s, pickedSlot: { date: selectedDate, identifier: slot.identifier } }))
                      }
                      className={clsx(
                        'flex h-11 w-full items-center justify-center gap-1 rounded-lg border px-2 text-sm font-medium whitespace-nowrap tabular-nums transition-colors',
                        pressed
                          ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800'
                          : 'border-slate-300 bg-white text-slate-900 hover:border-brand-600 hover:bg-brand-50',
                      )}
                    >
                      {pressed && <Check className="size-3.5 shrink-0" aria-hidden="true" />}
                      {formatSlotTime(slot, locale, timeZone)}
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
  if (!preview) return picker;
  const visible = previewQuery.data?.visibleToClients;
  return (
    <div className="space-y-5">
      {visible !== undefined && (
        <Alert
          tone={visible ? 'info' : 'warning'}
          title={visible ? t('preview.publicTitle') : t('preview.hiddenTitle')}
        >
          {visible ? t('preview.publicBody') : t('preview.hiddenBody')}
        </Alert>
      )}
      {picker}
    </div>
  );
}

/** Spec §9: a skeleton of SLOT_SKELETON_COUNT slot placeholders while the times load. */
function SlotSkeleton({ label }: { label: string }) {
  return (
    <div role="status">
      <span className="sr-only">{label}</span>
      <div className="h-5 w-2/3 animate-pulse rounded bg-slate-200" aria-hidden="true" />
      <ul
        className="mt-4 grid grid-cols-[repeat(auto-fill,minmax(10.75rem,1fr))] gap-2"
        aria-hidden="true"
        data-testid="slot-skeleton"
      >
        {Array.from({ length: SLOT_SKELETON_COUNT }, (_, i) => (
          <li key={i} className="h-11 animate-pulse rounded-lg bg-slate-200" />
        ))}
      </ul>
    </div>
  );
}
