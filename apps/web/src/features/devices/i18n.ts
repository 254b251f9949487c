import { useTranslation } from 'react-i18next';

/** The devices namespace's `t` (keys typed through src/lib/i18n-resources.d.ts). */
export function useDevicesTranslation() {
  return useTranslation('devices');
}
