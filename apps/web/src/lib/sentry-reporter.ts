import {
  browserApiErrorsIntegration,
  captureException,
  dedupeIntegration,
  eventFiltersIntegration,
  functionToStringIntegration,
  globalHandlersIntegration,
  init,
  linkedErrorsIntegration,
  withScope,
} from '@sentry/browser';
import { noPersonalDataCollection, REQUEST_ID_TAG, scrubErrorEvent } from '@therapy/contracts/error-report';

/**
 * The Sentry SDK itself: only ever loaded through a dynamic import from lib/error-reporting.ts, and only when the
 * deployment has a DSN, so it never weighs on the landing page. Errors only: no tracing, replay, sessions or breadcrumbs.
 */
export function startReporter(dsn: string): void {
  init({
    dsn,
    environment: import.meta.env.MODE,
    defaultIntegrations: false,
    integrations: [
      eventFiltersIntegration(),
      functionToStringIntegration(),
      browserApiErrorsIntegration(),
      globalHandlersIntegration(),
      linkedErrorsIntegration(),
      dedupeIntegration(),
    ],
    dataCollection: { ...noPersonalDataCollection, httpBodies: [] },
    beforeSend: (event) => scrubErrorEvent(event),
  });
}

export function capture(error: unknown, requestId: string | undefined): void {
  withScope((scope) => {
    if (requestId) scope.setTag(REQUEST_ID_TAG, requestId);
    captureException(error);
  });
}
