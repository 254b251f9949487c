import { create } from 'zustand';

/**
 * What the idle warning shows and does (decision 0036): when the session ends, and the watch's two answers. The
 * watch (components/idle-sign-out.tsx) sets them; the warning modal reads them.
 */
interface IdleState {
  /** When the session ends (ms since the epoch) while the warning shows; null otherwise. */
  deadline: number | null;
  stay: () => void;
  signOut: () => void;
}

export const useIdleStore = create<IdleState>()(() => ({
  deadline: null,
  stay: () => undefined,
  signOut: () => undefined,
}));
