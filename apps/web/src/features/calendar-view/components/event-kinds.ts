import type { CalendarEventKind } from '@therapy/contracts/calendar-view';

/**
 * How each kind looks: a colour, and a border style and a text label too, so the kinds differ without colour
 * (WCAG 1.4.1). The classes are FullCalendar event classes styled in calendar.css.
 */
export const kindClass: Record<CalendarEventKind | 'blocked', string> = {
  booking: 'cv-event-booking',
  request: 'cv-event-request',
  hold: 'cv-event-hold',
  blocked: 'cv-event-blocked',
};

export const legendKinds = ['booking', 'request', 'hold', 'blocked'] as const;
export type LegendKind = (typeof legendKinds)[number];
