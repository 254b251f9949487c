import { useTranslation } from 'react-i18next';

/** The calendar namespace's `t` (keys typed through src/lib/i18n-resources.d.ts). */
export function useCalendarTranslation() {
  return useTranslation('calendar');
}
