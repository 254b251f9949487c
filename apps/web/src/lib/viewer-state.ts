import { useQuery } from '@tanstack/react-query';
import { useAuthStore } from './auth-store';
import { clientProfileQuery } from './profile-query';
import { usStatesQuery } from './regions';
import { localKeys, readLocal, writeLocal } from './storage';
import { useHydrated } from './use-hydrated';

export interface ViewerState {
  identifier: string;
  code: string;
  name: string;
  /** `profile`: the state saved in the client's profile (the one a booking is checked against); `directory`: the last one chosen in the directory. */
  source: 'profile' | 'directory';
}

const statePattern = /^[A-Z]{2}$/;

/** The directory remembers its state, so a therapist's page and the next visit know where the visitor looks. */
export function rememberDirectoryState(code: string): void {
  const value = code.trim().toUpperCase();
  if (statePattern.test(value)) writeLocal(localKeys.directoryState, value);
}

export function rememberedDirectoryState(): string | null {
  const value = readLocal(localKeys.directoryState);
  return value && statePattern.test(value) ? value : null;
}

/**
 * The US state the viewer looks for a therapist in: a client's saved state first (what the server checks a booking
 * against), else the state last chosen in the directory; null when neither is known (or the saved one is not a US
 * state: clients elsewhere are not restricted). Undefined while it is still being found out.
 */
export function useViewerState(): ViewerState | null | undefined {
  const isClient = useAuthStore((s) => s.status === 'authenticated' && s.user?.userType === 'client');
  const signingIn = useAuthStore((s) => s.status === 'unknown');
  const profile = useQuery({ ...clientProfileQuery(), enabled: isClient });
  const states = useQuery(usStatesQuery());
  // The server renders without the browser's storage: the answer comes after hydration, so both renders agree.
  const hydrated = useHydrated();
  if (!hydrated || signingIn || (isClient && profile.isPending) || states.isPending) return undefined;
  const list = states.data ?? [];
  const saved = profile.data?.stateIdentifier ? list.find((s) => s.identifier === profile.data.stateIdentifier) : null;
  if (isClient && saved) return { ...saved, source: 'profile' };
  const remembered = rememberedDirectoryState();
  const chosen = remembered ? list.find((s) => s.code === remembered) : null;
  return chosen ? { ...chosen, source: 'directory' } : null;
}
