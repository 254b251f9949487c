import { formatMoney as formatMoneyIn, type MoneyFormat } from '@therapy/contracts/money';

/**
 * Every date, time and amount a page shows, formatted here (issue 12), so one language never shows two formats.
 * Times of day as the page's language writes them (decision 0015): English "9:00 AM" (12-hour, spec §5), German
 * "09:00" (24-hour): the availability dropdowns and summaries, the slot picker and the booking summary. Money comes
 * from `@therapy/contracts/money`, the same function the API's mails use.
 */

export type ClockStyle = '12h' | '24h';

/** The clock a language reads; languages we do not know yet read English's. */
export function clockStyleOf(locale: string): ClockStyle {
  return locale.toLowerCase().startsWith('de') ? '24h' : '12h';
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function timeFormatter(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      clockStyleOf(locale) === '24h'
        ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }
        : { hour: 'numeric', minute: '2-digit', hour12: true, timeZone };
    // en-US for English: "9:00 AM" (en-GB would write "9:00 am").
    format = new Intl.DateTimeFormat(clockStyleOf(locale) === '24h' ? locale : 'en-US', options);
    formatters.set(key, format);
  }
  return format;
}

/** An instant as a wall-clock time in `timeZone`, e.g. "9:00 AM" (en) or "09:00" (de). */
export function formatTime(instant: Date | string, locale: string, timeZone: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return String(instant);
  return timeFormatter(locale, timeZone).format(date);
}

/** Two instants as a range, e.g. "9:00 AM – 10:00 AM" (en) or "09:00 – 10:00" (de). */
export function formatTimeRange(start: Date | string, end: Date | string, locale: string, timeZone: string): string {
  return `${formatTime(start, locale, timeZone)} – ${formatTime(end, locale, timeZone)}`;
}

/**
 * A wall-clock "HH:mm" (a provider's hours, no date, no zone). "24:00" closes a day: "12:00 AM" in English, "24:00" in
 * German (as a German timetable writes the end of a day).
 */
export function formatClock(value: string, locale: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return value;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 24 || minutes > 59 || (hours === 24 && minutes > 0)) return value;
  if (hours === 24 && clockStyleOf(locale) === '24h') return '24:00';
  return formatTime(new Date(Date.UTC(2000, 0, 1, hours % 24, minutes)), locale, 'UTC');
}

/** Minor units as money in the page's language: 9000 USD → "$90.00" (en), "90,00 $" (de); the narrow symbol. */
export function formatMoney(
  minor: number,
  currency: string,
  locale: string,
  options: Pick<MoneyFormat, 'signed'> = {},
): string {
  return formatMoneyIn(minor, currency, locale, { signed: options.signed, display: 'narrowSymbol' });
}

/** Several amounts as one phrase: "$90.00 and ₦25.00" (en), "90,00 $ und 25,00 ₦" (de). */
export function formatAmounts(
  amounts: ReadonlyArray<{ amount: number; currencyCode: string }>,
  locale: string,
): string {
  const parts = amounts.map((a) => formatMoney(a.amount, a.currencyCode, locale));
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(parts);
}

/**
 * Building an Intl.DateTimeFormat costs far more than using one; a month grid labels ~42 days on every render, so
 * each date formatter is built once per locale and options (it was the therapist page’s longest task, commit 49cceb6).
 */
const dateFormatters = new Map<string, Intl.DateTimeFormat>();
export function dateFormatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormatters.set(key, format);
  }
  return format;
}

/** An instant as date and time, e.g. "Jun 8, 2026, 9:00 AM" (en), "08.06.2026, 09:00" (de); in the browser's zone. */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormatter(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * A calendar date ("YYYY-MM-DD") in words, e.g. "Monday, June 8, 2026" (en), "Montag, 8. Juni 2026" (de). It is a
 * date, not an instant: formatted at noon UTC, so no zone moves it to another day.
 */
export function formatLongDate(date: string, locale: string): string {
  const [year, mon, day] = date.split('-').map(Number) as [number, number, number];
  const noon = new Date(Date.UTC(year, mon - 1, day, 12));
  if (Number.isNaN(noon.getTime())) return date;
  return dateFormatter(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(noon);
}

/** A calendar date ("YYYY-MM-DD") as a medium date, e.g. "Jun 30, 2027" (en), "30.06.2027" (de); noon UTC, as above. */
export function formatDay(date: string, locale: string): string {
  const [year, mon, day] = date.split('-').map(Number) as [number, number, number];
  const noon = new Date(Date.UTC(year, mon - 1, day, 12));
  if (Number.isNaN(noon.getTime())) return date;
  return dateFormatter(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(noon);
}

/** A month ("YYYY-MM") in words, e.g. "June 2026". */
export function formatMonth(month: string, locale: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return dateFormatter(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, mon - 1, 15)),
  );
}

/** The zone's long name at an instant (it changes with daylight saving), e.g. "Central European Standard Time". */
export function formatZoneName(locale: string, timeZone: string, at: Date = new Date()): string {
  const parts = dateFormatter(locale, { timeZone, timeZoneName: 'long' }).formatToParts(at);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/** An instant's day in words, in the browser's zone: "Monday, March 15, 2027" (en), "Montag, 15. März 2027" (de). */
export function formatInstantDay(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormatter(locale, { dateStyle: 'full' }).format(date);
}

/** A currency's name in the page's language: "Euro" (en, de), "US dollar" / "US-Dollar"; the code when unknown. */
export function formatCurrencyName(code: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames(locale, { type: 'currency' }).of(code);
    return name ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : code;
  } catch {
    return code;
  }
}
