import type { UserInfo } from '@therapy/contracts/auth';
import { create } from 'zustand';

/**
 * The signed-in session. The access token lives only here, in memory: the refresh token is an httpOnly cookie, so
 * a script injected into the page can never read a long-lived credential.
 * `unknown` means the start-up refresh has not answered yet; protected pages wait for it instead of bouncing to login.
 */
export type AuthStatus = 'unknown' | 'authenticated' | 'anonymous';
/**
 * Why a session ended: protected pages send an expired session to the login page, a sign-out home, and an idle
 * sign-out (decision 0036) to the login page with a notice that says why.
 */
export type SessionEnd = 'signed-out' | 'expired' | 'idle';

interface AuthState {
  status: AuthStatus;
  accessToken: string | null;
  user: UserInfo | null;
  endedBy: SessionEnd | null;
  setSession: (accessToken: string, user: UserInfo) => void;
  updateUser: (patch: Partial<UserInfo>) => void;
  setAnonymous: (endedBy?: SessionEnd) => void;
}

export const useAuthStore = create<AuthState>()((set) => ({
  status: 'unknown',
  accessToken: null,
  user: null,
  endedBy: null,
  setSession: (accessToken, user) => set({ status: 'authenticated', accessToken, user, endedBy: null }),
  updateUser: (patch) => set((s) => (s.user ? { user: { ...s.user, ...patch } } : s)),
  setAnonymous: (endedBy) => set({ status: 'anonymous', accessToken: null, user: null, endedBy: endedBy ?? null }),
}));
