import type { DatesSetArg, DayCellMountArg, EventClickArg, EventDropArg, EventInput } from '@fullcalendar/core';
import deLocale from '@fullcalendar/core/locales/de';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import luxonPlugin from '@fullcalendar/luxon3';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { CalendarEventKind, CalendarView } from '@therapy/contracts/calendar-view';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '@/lib/api-error';
import { notify } from '@/lib/toast';
import { NotOfferedError, useMoveBooking } from '../api/calendar-view-api';
import { kindClass } from './event-kinds';
import './calendar.css';

interface ProviderCalendarProps {
  providerId: string;
  timezone: string;
  data: CalendarView | undefined;
  /** Phone: a month grid and a list; else week, day and month. */
  compact: boolean;
  /** The day to open on ("YYYY-MM-DD"); today without it. */
  initialDate?: string | undefined;
  onRange: (from: string, to: string) => void;
  onBlockedChosen: (identifier: string) => void;
}

type EventProps = { kind: CalendarEventKind; therapyId: string } | { kind: 'blocked'; blockedId: string };

/**
 * The provider's calendar (FullCalendar, MIT): their appointments in their own zone. A drag is a reschedule through
 * the reschedule endpoint's rules, snapped back with the server's message when refused; a click opens the booking.
 */
export function ProviderCalendar({
  providerId,
  timezone,
  data,
  compact,
  initialDate,
  onRange,
  onBlockedChosen,
}: ProviderCalendarProps) {
  const { t, i18n } = useTranslation('calendar-view');
  const navigate = useNavigate();
  const move = useMoveBooking();
  const locale = i18n.resolvedLanguage === 'de' ? 'de' : 'en';

  const events: EventInput[] = [
    ...(data?.events ?? []).map((e) => ({
      id: e.identifier,
      title: `${t(`kinds.${e.kind}`)}: ${e.clientName || t('unnamedClient')}`,
      start: e.startTime,
      end: e.endTime,
      url: `/appointments/${e.identifier}`,
      classNames: [kindClass[e.kind]],
      // A move that waits for the client's answer is not moved again until it is given.
      editable: !e.reschedulePending,
      extendedProps: { kind: e.kind, therapyId: e.therapy.identifier } satisfies EventProps,
    })),
    ...(data?.blocked ?? []).map((b) => ({
      id: `blocked-${b.identifier}`,
      title: t('kinds.blocked'),
      start: b.date,
      allDay: true,
      classNames: [kindClass.blocked],
      editable: false,
      extendedProps: { kind: 'blocked', blockedId: b.identifier } satisfies EventProps,
    })),
  ];

  const box = useRef<HTMLDivElement>(null);
  // FullCalendar's toolbar chevrons are role="img" without a name inside buttons named by their hints: hidden from
  // screen readers (the button's name says it all). The toolbar is drawn again with each range.
  const hideIcons = () =>
    box.current?.querySelectorAll('.fc-icon').forEach((icon) => icon.setAttribute('aria-hidden', 'true'));
  const onDatesSet = (arg: DatesSetArg) => {
    hideIcons();
    onRange(arg.startStr.slice(0, 10), arg.endStr.slice(0, 10));
  };
  // A month cell is labelled by its day number alone, which hides the events it holds from its name: the cell's own
  // content names it instead (the day number, then its events).
  const onDayCellMount = (arg: DayCellMountArg) => arg.el.removeAttribute('aria-labelledby');

  const onEventClick = (arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    const props = arg.event.extendedProps as EventProps;
    if (props.kind === 'blocked') onBlockedChosen(props.blockedId);
    else void navigate(`/appointments/${arg.event.id}`);
  };

  const onEventDrop = (arg: EventDropArg) => {
    const props = arg.event.extendedProps as EventProps;
    if (props.kind === 'blocked') return arg.revert();
    move.mutate(
      { bookingId: arg.event.id, providerId, categoryId: props.therapyId, timezone, start: arg.event.startStr },
      {
        onSuccess: (result) => notify.success(result.message ?? t('moved')),
        onError: (error) => {
          arg.revert();
          notify.error(error instanceof NotOfferedError ? error.message : errorMessage(error));
        },
      },
    );
  };

  return (
    <div ref={box} className="cv-calendar" aria-busy={move.isPending}>
      <FullCalendar
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, luxonPlugin]}
        timeZone={timezone}
        locales={[deLocale]}
        locale={locale}
        initialView={compact ? 'dayGridMonth' : 'timeGridWeek'}
        {...(initialDate ? { initialDate } : {})}
        headerToolbar={
          compact
            ? { left: 'prev,next', center: 'title', right: 'today dayGridMonth,listWeek' }
            : { left: 'prev,next today', center: 'title', right: 'timeGridDay,timeGridWeek,dayGridMonth' }
        }
        buttonText={{
          today: t('toolbar.today'),
          month: t('toolbar.month'),
          week: t('toolbar.week'),
          day: t('toolbar.day'),
          list: t('toolbar.list'),
        }}
        buttonHints={{ prev: t('toolbar.previous'), next: t('toolbar.next'), today: t('toolbar.todayHint') }}
        viewHint={(title: string) => t('toolbar.viewHint', { view: title })}
        navLinkHint={(date: string) => t('toolbar.dayHint', { date })}
        moreLinkHint={(count: number) => t('toolbar.more', { count })}
        noEventsText={t('empty')}
        allDayText={t('allDay')}
        events={events}
        editable
        eventDurationEditable={false}
        eventStartEditable
        snapDuration="00:05:00"
        slotDuration="00:30:00"
        scrollTime="08:00:00"
        nowIndicator
        dayMaxEvents={compact ? 2 : false}
        height={compact ? 'auto' : 760}
        datesSet={onDatesSet}
        dayCellDidMount={onDayCellMount}
        eventClick={onEventClick}
        eventDrop={onEventDrop}
      />
    </div>
  );
}
