import { dateFormatter } from '@/lib/format';

/** "Wednesday, 6 May, 10:00 – 11:00" in the viewer's zone. */
export function offerWhen(startsAt: string, endsAt: string, locale: string): string {
  const day = dateFormatter(locale, { weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(startsAt));
  const time = dateFormatter(locale, { hour: 'numeric', minute: '2-digit' });
  return `${day}, ${time.format(new Date(startsAt))} – ${time.format(new Date(endsAt))}`;
}

export const clockTime = (iso: string, locale: string) =>
  dateFormatter(locale, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
