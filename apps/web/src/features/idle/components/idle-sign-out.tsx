import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PAGE_INITIAL_PROPS_TIMEOUT_MS } from '@therapy/contracts/constants';
import { recordUserActivity } from '@therapy/contracts/endpoints/account';
import { logout } from '@therapy/contracts/endpoints/auth';
import { call, expireSession, refreshSession } from '@/lib/api-client';
import { appConfigQuery } from '@/lib/app-config';
import { useAuthStore } from '@/lib/auth-store';
import { announceSignOut, startIdleWatch, type IdleEnd } from '@/lib/idle-watch';
import { useModalStore } from '@/lib/modal-store';
import { clearSession } from '@/lib/session-state';
import { useIdleStore } from '../idle-store';

/** Ends the session on the server (best effort: the server ends an idle one by itself anyway) and in this tab. */
async function endHere(reason: IdleEnd): Promise<void> {
  try {
    await call(logout, { recoverSession: false, timeoutMs: PAGE_INITIAL_PROPS_TIMEOUT_MS });
  } catch {
    // The local session is cleared regardless.
  }
  if (reason === 'idle') expireSession('idle');
  else clearSession('signed-out');
}

/**
 * Idle sign-out (HIPAA §164.312(a)(2)(iii), decision 0036) while someone is signed in: a minute before the window of
 * their user type runs out a warning asks whether they are still there; then the session ends in every tab and the
 * login page says why. The windows come from /app-config; without it the server still ends idle sessions.
 */
export function IdleSignOut() {
  const userType = useAuthStore((s) => (s.status === 'authenticated' ? s.user?.userType : undefined));
  const config = useQuery(appConfigQuery);
  const minutes = userType ? config.data?.idleSignOut?.[userType] : undefined;

  useEffect(() => {
    if (!minutes) return;
    const modals = useModalStore.getState();
    const watch = startIdleWatch({
      windowMs: minutes * 60_000,
      onWarn: (deadline) => {
        useIdleStore.setState({ deadline });
        modals.open('idle-warning', {});
      },
      onResume: () => {
        useIdleStore.setState({ deadline: null });
        if (useModalStore.getState().modals[0]?.id === 'idle-warning') useModalStore.getState().close();
      },
      onEnd: (reason) => {
        useIdleStore.setState({ deadline: null });
        void endHere(reason);
      },
      report: () => call(recordUserActivity),
    });
    useIdleStore.setState({
      stay: () => {
        watch.stayActive();
        // Counted, then a fresh access token: the person is back for a while.
        void refreshSession();
      },
      signOut: () => watch.announceEnd('signed-out'),
    });
    // Escape or the close button dismiss the warning: a person who does that is there, so it counts as staying.
    const unsubscribe = useModalStore.subscribe((state) => {
      if (useIdleStore.getState().deadline !== null && state.modals[0]?.id !== 'idle-warning')
        useIdleStore.getState().stay();
    });
    return () => {
      unsubscribe();
      watch.stop();
      useIdleStore.setState({ deadline: null });
      // Signed out here on purpose: the other tabs of this browser sign out too, as after an idle sign-out.
      const { status, endedBy } = useAuthStore.getState();
      if (status === 'anonymous' && endedBy === 'signed-out') announceSignOut();
    };
  }, [minutes]);

  return null;
}
