/**
 * Times of day as the page's language writes them (decision 0015): English "9:00 AM" (12-hour, spec §5), German
 * "09:00" (24-hour). Every time of day on a page comes from here: the availability dropdowns and summaries, the slot
 * picker and the booking summary, so one language never shows two formats.
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
      clockStyleOf(locale) === '24h' ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone } : { hour: 'numeric', minute: '2-digit', hour12: true, timeZone };
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

/** Minor units as money in the page's language: 9000 USD → "$90.00" (en), "90,00 $" (de). */
export function formatMoney(minor: number, currency: string, locale: string, options: { signed?: boolean } = {}): string {
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      signDisplay: options.signed ? 'exceptZero' : 'auto',
    }).format(minor / 100);
  } catch {
    // An unknown code: the number with the code beside it rather than a crash.
    return `${(minor / 100).toFixed(2)} ${currency}`;
  }
}

/** Several amounts as one phrase: "$90.00 and ₦25.00" (en), "90,00 $ und 25,00 ₦" (de). */
export function formatAmounts(amounts: ReadonlyArray<{ amount: number; currencyCode: string }>, locale: string): string {
  const parts = amounts.map((a) => formatMoney(a.amount, a.currencyCode, locale));
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(parts);
}
