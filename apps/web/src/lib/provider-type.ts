import type { ProviderTypeState } from '@therapy/contracts/profile';
import { create } from 'zustand';
import { useAuthStore } from './auth-store';
import { readLocal, writeLocal } from './storage';

/**
 * Spec §3 "Provider type state", kept in localStorage (and so cleared on logout with the rest of it): the provider's
 * kind, the therapy category and modality a new booking starts with, and whether clients may be invited.
 */
const STORAGE_KEY = 'providerTypeState';

const empty: ProviderTypeState = {
  providerType: null,
  therapyCategoryIdentifier: null,
  allowInvite: false,
  modalityIdentifier: null,
};

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

function read(): ProviderTypeState {
  const raw = readLocal(STORAGE_KEY);
  if (!raw) return empty;
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    return {
      providerType: str(parsed.providerType),
      therapyCategoryIdentifier: str(parsed.therapyCategoryIdentifier),
      allowInvite: parsed.allowInvite === true,
      modalityIdentifier: str(parsed.modalityIdentifier),
    };
  } catch {
    return empty;
  }
}

interface ProviderTypeStore extends ProviderTypeState {
  update: (patch: Partial<ProviderTypeState>) => void;
}

export const useProviderTypeStore = create<ProviderTypeStore>()((set, get) => ({
  ...read(),
  update: (patch) => {
    set(patch);
    const { providerType, therapyCategoryIdentifier, allowInvite, modalityIdentifier } = get();
    writeLocal(
      STORAGE_KEY,
      JSON.stringify({ providerType, therapyCategoryIdentifier, allowInvite, modalityIdentifier }),
    );
  },
}));

export const providerTypeStorageKey = STORAGE_KEY;

// Logout clears localStorage; the in-memory copy goes with it, so the next account in this tab starts empty.
useAuthStore.subscribe((state) => {
  if (state.status === 'anonymous') useProviderTypeStore.setState(empty);
});
