import { useTranslation } from 'react-i18next';

/** The data-export namespace's `t` (keys typed through src/lib/i18n-resources.d.ts). */
export function useDataExportTranslation() {
  return useTranslation('data-export');
}
