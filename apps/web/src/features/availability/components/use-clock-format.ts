import { useTranslation } from 'react-i18next';
import { formatClock } from '@/lib/format';

/** A provider's "HH:mm" as the page's language writes it (decision 0015): "9:00 AM" in English, "09:00" in German. */
export function useClockFormat(): (value: string) => string {
  const { i18n } = useTranslation('availability');
  const locale = i18n.resolvedLanguage ?? 'en';
  return (value) => formatClock(value, locale);
}
