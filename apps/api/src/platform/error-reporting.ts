import { noPersonalDataCollection, REQUEST_ID_TAG, scrubErrorEvent } from '@therapy/contracts/error-report';

/** Unexpected errors go to an error-reporting service (spec §8); 4xx answers never do. */
export interface ErrorReporter {
  capture(error: unknown, requestId: string): void;
  /** Sends what is still queued (at most `timeoutMs`), then stops. */
  close(timeoutMs?: number): Promise<void>;
}

export const noErrorReporter: ErrorReporter = { capture: () => {}, close: async () => {} };

export interface ErrorReportingOptions {
  dsn: string | undefined;
  environment: string;
  /** Also report unhandled rejections (then exit, as Node would). Off under test runners, which own the process. */
  processErrors: boolean;
}

/**
 * Sentry, loaded only when a DSN is set, so a deployment without one pays nothing, not even the module load.
 * Errors only: no tracing, profiling, sessions, breadcrumbs or request data (docs/decisions/0011).
 */
export async function startErrorReporting(opts: ErrorReportingOptions): Promise<ErrorReporter> {
  if (!opts.dsn) return noErrorReporter;
  const Sentry = await import('@sentry/node');
  const client = Sentry.initWithoutDefaultIntegrations({
    dsn: opts.dsn,
    environment: opts.environment,
    dataCollection: { ...noPersonalDataCollection, httpBodies: [] },
    enableRuntimeChannelInjection: false,
    integrations: [
      Sentry.functionToStringIntegration(),
      Sentry.linkedErrorsIntegration(),
      Sentry.dedupeIntegration(),
      Sentry.nodeContextIntegration(),
      ...(opts.processErrors ? [Sentry.onUnhandledRejectionIntegration({ mode: 'strict' })] : []),
    ],
    beforeSend: (event) => scrubErrorEvent(event),
  });
  return {
    capture(error, requestId) {
      Sentry.withScope((scope) => {
        scope.setTag(REQUEST_ID_TAG, requestId);
        Sentry.captureException(error);
      });
    },
    async close(timeoutMs = 2000) {
      await client?.close(timeoutMs);
    },
  };
}
