import { browserTimeZone } from '@/components/slot-picker/slot-picker-model';
import { dateFormatter, formatClock, formatTime, formatTimeRange } from '@/lib/format';

/**
 * The waitlist's times as the rest of the app writes them (lib/format.ts, decision 0015; issue 48): "Wednesday, May 6,
 * 10:00 AM – 11:00 AM" (en), "Mittwoch, 6. Mai, 10:00 – 11:00" (de), in the viewer's zone.
 */
export function offerWhen(startsAt: string, endsAt: string, locale: string, timeZone = browserTimeZone()): string {
  const day = dateFormatter(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone }).format(
    new Date(startsAt),
  );
  return `${day}, ${formatTimeRange(startsAt, endsAt, locale, timeZone)}`;
}

/** An instant's time of day: "2:30 PM" (en), "14:30" (de). */
export const clockTime = (iso: string, locale: string, timeZone = browserTimeZone()) =>
  formatTime(iso, locale, timeZone);

/** A place's window of the day ("HH:mm", the client's own wall clock): "9:00 AM" (en), "09:00" (de). */
export const windowTime = (clock: string, locale: string) => formatClock(clock, locale);
