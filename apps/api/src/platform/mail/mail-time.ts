import type { Locale } from '@therapy/contracts/messages';

/**
 * Every time a mail gives, written as the app writes it for the recipient (decision 0015, issue 48): English as
 * `en-US` writes it, 12-hour with AM/PM ("Tue, Dec 1, 2026, 4:00 AM"), German 24-hour ("Di., 1. Dez. 2026, 10:00"),
 * in the recipient's own zone, named by its short name where the language has one ("EST", "EDT", "MEZ") and by its
 * city otherwise ("Berlin time", "Ortszeit New York"), never by a bare offset such as "GMT-5". UTC for an account
 * without a zone (or with one the runtime does not know).
 */
const tagOf = (locale: Locale) => (locale === 'de' ? 'de-DE' : 'en-US');

const zoneOf = (timeZone: string | null | undefined): string => {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
};

const timeOptions = (locale: Locale, timeZone: string): Intl.DateTimeFormatOptions =>
  locale === 'de'
    ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }
    : { hour: 'numeric', minute: '2-digit', hour12: true, timeZone };

const dayOptions = (timeZone: string): Intl.DateTimeFormatOptions => ({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone,
});

/** The zone's name at an instant: "EST" / "EDT" / "MEZ" / "UTC", else its city ("Berlin time", "Ortszeit Lagos"). */
export function mailZoneName(at: Date, locale: Locale, timeZone: string | null | undefined): string {
  const zone = zoneOf(timeZone);
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  const short =
    new Intl.DateTimeFormat(tagOf(locale), { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  if (short && !/^(GMT|UTC)([+\-−]|$)/.test(short)) return short;
  const city = (zone.split('/').pop() ?? zone).replaceAll('_', ' ');
  return locale === 'de' ? `Ortszeit ${city}` : `${city} time`;
}

/** ICU's narrow no-break space before AM/PM, as a plain space: mail is read in every client, some of them old. */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/** A time of day alone: "4:00 AM" (en), "10:00" (de), in the zone. */
export function formatMailTime(at: Date, locale: Locale, timeZone: string | null | undefined): string {
  return plainSpaces(new Intl.DateTimeFormat(tagOf(locale), timeOptions(locale, zoneOf(timeZone))).format(at));
}

/** A session: "Tue, Dec 1, 2026, 4:00 AM–4:50 AM EST" (en), "Di., 1. Dez. 2026, 10:00–10:50 MEZ" (de). */
export function formatMailTimeRange(
  start: Date,
  end: Date,
  locale: Locale,
  timeZone: string | null | undefined,
): string {
  const zone = zoneOf(timeZone);
  const day = plainSpaces(new Intl.DateTimeFormat(tagOf(locale), dayOptions(zone)).format(start));
  return `${day}, ${formatMailTime(start, locale, zone)}–${formatMailTime(end, locale, zone)} ${mailZoneName(start, locale, zone)}`;
}

/** One instant: "Wed, Dec 2, 2026, 2:00 PM EST" (en), "Mi., 2. Dez. 2026, 20:00 MEZ" (de); without the day on request. */
export function formatMailInstant(
  at: Date,
  locale: Locale,
  timeZone: string | null | undefined,
  { withDay = true }: { withDay?: boolean } = {},
): string {
  const zone = zoneOf(timeZone);
  const time = `${formatMailTime(at, locale, zone)} ${mailZoneName(at, locale, zone)}`;
  return withDay
    ? `${plainSpaces(new Intl.DateTimeFormat(tagOf(locale), dayOptions(zone)).format(at))}, ${time}`
    : time;
}
