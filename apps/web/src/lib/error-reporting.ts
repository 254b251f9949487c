/**
 * Unexpected errors of the web app go to the error-reporting service the API names in /app-config (spec §8,
 * docs/decisions/0011). The SDK is a separate chunk, fetched only once a DSN is known: never part of the page's
 * initial JavaScript, and never fetched at all by a deployment without one.
 */
import type * as SentryReporter from './sentry-reporter';

type Reporter = typeof SentryReporter;

interface Pending {
  error: unknown;
  requestId: string | undefined;
}

/** undefined: not known yet (reports wait, a few at most); null: this deployment reports nothing. */
let dsn: string | null | undefined;
let reporter: Promise<Reporter> | undefined;
let pending: Pending[] = [];
const MAX_PENDING = 10;

function load(url: string): Promise<Reporter> {
  reporter ??= import('./sentry-reporter').then((module) => {
    module.startReporter(url);
    return module;
  });
  return reporter;
}

function send(item: Pending): void {
  if (!dsn) return;
  // A reporter that fails to load must never break the page it reports on.
  load(dsn)
    .then((module) => module.capture(item.error, item.requestId))
    .catch(() => {});
}

/** Called once the app config has arrived (or failed: then null). */
export function configureErrorReporting(value: string | null): void {
  dsn = value;
  // Loaded now rather than on the first report, so its global handlers also see errors outside React.
  if (dsn) load(dsn).catch(() => {});
  const queued = pending;
  pending = [];
  for (const item of queued) send(item);
}

export function reportError(error: unknown, requestId?: string): void {
  const item = { error, requestId };
  if (dsn === undefined) {
    if (pending.length < MAX_PENDING) pending.push(item);
    return;
  }
  send(item);
}
