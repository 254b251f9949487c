import type { UserPreferencesInput } from '@therapy/contracts/user';
import { useMutation } from '@tanstack/react-query';
import { savePreferences } from '@/lib/preferences';

/** Language and country: cookies always, `PUT /user/preferences` as well when signed in (lib/preferences.ts). */
export function useSavePreferences() {
  return useMutation({ mutationFn: (input: UserPreferencesInput) => savePreferences(input) });
}
