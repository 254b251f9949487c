import { readLocal, writeLocal } from './storage';

/**
 * Idle sign-out in the browser (issue 20, decision 0036). The server is the authority: it refuses a session whose
 * person has not used the app for the window of their user type. This watch gives the person a minute's warning
 * before that, and ends the session in every tab at the same moment.
 *
 * Activity is what the person does (pointer, keys, touch, wheel, bringing the window to the front), never a request:
 * the background polling and the live socket must not keep a session alive. Scroll events are left out on purpose: a
 * page scrolls itself too (a chat that follows a new message), and a person's scrolling comes with wheel, touch,
 * keys or the pointer anyway. Tabs share the last activity through localStorage
 * (`storage` events reach every other tab of the origin), and at most one report a minute goes to the server, so
 * the server's last activity is never more than a minute behind and never ahead of the person's.
 */
export const idleKeys = {
  /** When the person last used the app, in any tab (ms since the epoch). */
  activity: 'idle.lastActivity',
  /** When a tab last told the server (ms since the epoch): the minute between reports is shared by all tabs. */
  report: 'idle.lastReport',
  /** A tab ended the session: `{"reason":"idle"|"signed-out","at":ms}`; every other tab follows. */
  ended: 'idle.ended',
} as const;

export type IdleEnd = 'idle' | 'signed-out';

export interface IdleWatchOptions {
  /** The window of the signed-in user's type. */
  windowMs: number;
  /** How long before the end the warning shows (a minute). */
  warnMs?: number;
  /** The warning is due; `deadline` is when the session ends (ms since the epoch). */
  onWarn: (deadline: number) => void;
  /** The warning is withdrawn: the person came back (here, or in another tab). */
  onResume: () => void;
  /** The session ends: the window ran out (`idle`), here or in another tab, or another tab signed out. */
  onEnd: (reason: IdleEnd) => void;
  /** Tells the server the person is active (POST /user/activity). */
  report: () => Promise<unknown>;
}

export interface IdleWatch {
  /** "Stay signed in": counts as activity and reports it at once, even while the warning shows. */
  stayActive: () => void;
  /** This tab signs out on purpose: the other tabs follow. */
  announceEnd: (reason: IdleEnd) => void;
  stop: () => void;
}

/** Tells the other tabs that this one signed out on purpose (the header's "Sign out", a deleted account): they follow. */
export function announceSignOut(): void {
  writeLocal(idleKeys.ended, JSON.stringify({ reason: 'signed-out', at: Date.now() }));
}

/**
 * Whether a watch of this tab is warning (or ending for idleness): a session that is lost meanwhile (another tab ended
 * it first and the server closed this tab's socket, a request found it gone) ended for idleness, and the login page
 * says so whichever of the tabs' signals arrives first.
 */
let idleEnding = false;
export const idleEndUnderWay = (): boolean => idleEnding;

export const WARN_BEFORE_MS = 60_000;
/** At most one report a minute, shared by every tab. */
export const REPORT_EVERY_MS = 60_000;
/** The stored activity moves at most every 5 s (a moving pointer fires many events; the warning is a minute long). */
const STORE_EVERY_MS = 5_000;
/** Heard on the whole page (capture): what the person does anywhere in it. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'touchmove'] as const;
/** `focus` on the window itself (not captured: an element the app focuses is not the person's doing). */
const WINDOW_FOCUS = 'focus';

const readTime = (key: string): number => {
  const value = Number(readLocal(key));
  return Number.isFinite(value) ? value : 0;
};

export function startIdleWatch(options: IdleWatchOptions): IdleWatch {
  const warnMs = options.warnMs ?? WARN_BEFORE_MS;
  let phase: 'active' | 'warning' | 'ended' = 'active';
  let lastActivity = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let trailing: ReturnType<typeof setTimeout> | undefined;

  const send = () => {
    writeLocal(idleKeys.report, String(Date.now()));
    // A failed report is not fatal: the next activity reports again, and the server's refusal speaks for itself.
    options.report().catch(() => undefined);
  };
  /** Reports now when a minute has passed since the last report of any tab; otherwise once that minute is over. */
  const reportSoon = (now: boolean) => {
    const since = Date.now() - readTime(idleKeys.report);
    if (now || since >= REPORT_EVERY_MS) {
      send();
      return;
    }
    // The trailing report carries activity that came after the last one, so the server is not left behind.
    trailing ??= setTimeout(() => {
      trailing = undefined;
      if (phase !== 'ended' && lastActivity > readTime(idleKeys.report)) reportSoon(false);
    }, REPORT_EVERY_MS - since);
  };

  const end = (reason: IdleEnd, announce: boolean) => {
    if (phase === 'ended') return;
    phase = 'ended';
    idleEnding = reason === 'idle';
    stopListening();
    if (announce) writeLocal(idleKeys.ended, JSON.stringify({ reason, at: Date.now() }));
    options.onEnd(reason);
  };

  const schedule = () => {
    clearTimeout(timer);
    if (phase === 'ended') return;
    const deadline = lastActivity + options.windowMs;
    const now = Date.now();
    if (now >= deadline) {
      end('idle', true);
      return;
    }
    if (now >= deadline - warnMs) {
      if (phase !== 'warning') {
        phase = 'warning';
        idleEnding = true;
        options.onWarn(deadline);
      }
      timer = setTimeout(schedule, deadline - now);
      return;
    }
    if (phase === 'warning') {
      phase = 'active';
      idleEnding = false;
      options.onResume();
    }
    timer = setTimeout(schedule, deadline - warnMs - now);
  };

  const active = (explicit: boolean, reportNow = explicit) => {
    if (phase === 'ended') return;
    // While the warning shows, only its "Stay signed in" (or activity in another tab) lifts it: a pointer drifting
    // over the page is not an answer.
    if (phase === 'warning' && !explicit) return;
    const now = Date.now();
    if (!explicit && now - lastActivity < STORE_EVERY_MS) return;
    lastActivity = now;
    writeLocal(idleKeys.activity, String(now));
    reportSoon(reportNow);
    schedule();
  };
  const onActivity = () => active(false);

  const onStorage = (event: StorageEvent) => {
    if (event.key === idleKeys.activity && event.newValue) {
      const at = Number(event.newValue);
      if (Number.isFinite(at) && at > lastActivity) {
        lastActivity = at;
        schedule();
      }
    } else if (event.key === idleKeys.ended && event.newValue) {
      let reason: IdleEnd = 'idle';
      try {
        reason = (JSON.parse(event.newValue) as { reason?: string }).reason === 'signed-out' ? 'signed-out' : 'idle';
      } catch {
        // Unreadable: the session ended all the same.
      }
      end(reason, false);
    }
  };

  const stopListening = () => {
    clearTimeout(timer);
    clearTimeout(trailing);
    trailing = undefined;
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    window.removeEventListener(WINDOW_FOCUS, onActivity);
    window.removeEventListener('storage', onStorage);
  };

  idleEnding = false;
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
  window.addEventListener(WINDOW_FOCUS, onActivity);
  window.addEventListener('storage', onStorage);
  // Starting (a sign-in, or opening the app) is the person's doing; reported with the shared minute's pace.
  active(true, false);

  return {
    stayActive: () => active(true),
    announceEnd: (reason) => end(reason, true),
    stop: () => {
      phase = 'ended';
      stopListening();
    },
  };
}
