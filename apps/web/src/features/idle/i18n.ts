import { useTranslation } from 'react-i18next';

/** The idle namespace's `t` (keys typed through src/lib/i18n-resources.d.ts). */
export function useIdleTranslation() {
  return useTranslation('idle');
}
