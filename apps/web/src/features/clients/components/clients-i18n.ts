import { useTranslation } from 'react-i18next';

/** The clients namespace's `t` (keys typed through src/lib/i18n-resources.d.ts). */
export function useClientsTranslation() {
  return useTranslation('clients');
}
