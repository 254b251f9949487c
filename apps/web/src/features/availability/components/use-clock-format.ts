import { useTranslation } from 'react-i18next';
import type { ClockStyle } from './clock';
import { formatClock } from './clock';

/**
 * Times as the page's language writes them. Spec §5 asks for the 12-hour am/pm format, in German too ("9:00 AM":
 * "vorm." does not fit the select on a phone); the locale file's `time.clock` could switch a language to 24 hours.
 */
export function useClockFormat(): (value: string) => string {
  const { t } = useTranslation('availability');
  const style: ClockStyle = t('time.clock') === '24h' ? '24h' : '12h';
  return (value) => formatClock(value, style, (half, time) => (half === 'am' ? t('time.am', { time }) : t('time.pm', { time })));
}
