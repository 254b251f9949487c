/**
 * What may leave the process in an error report (API and web alike, docs/decisions/0011): the error, where it
 * happened and the request id to find our own log lines. Never the user, their data or their credentials.
 */

/** The parts of a Sentry event this touches; structural, so the contracts package needs no Sentry types. */
export interface ScrubbableEvent {
  message?: string;
  user?: unknown;
  request?: { url?: string; method?: string };
  exception?: { values?: { value?: string }[] };
  breadcrumbs?: unknown;
  extra?: Record<string, unknown>;
}

/** The tag every report carries: the `x-request-id` the API sent (and logged). */
export const REQUEST_ID_TAG = 'request_id';

const EMAIL = /[^\s@"'<>()[\],;:]+@[^\s@"'<>()[\],;:]+\.[A-Za-z]{2,}/g;

/**
 * An error text can quote an input (PostgreSQL's "Key (email)=(...)", a failed query's "params: ..." line):
 * query parameters are dropped and e-mail addresses masked.
 */
export function maskEmails(text: string): string {
  return text.replace(/\nparams: [\s\S]*$/, '\nparams: [removed]').replace(EMAIL, '[email]');
}

/** `beforeSend` of both SDKs: keeps method and path, drops body, cookies, headers, query, user, IP and breadcrumbs. */
export function scrubErrorEvent<T extends ScrubbableEvent>(event: T): T {
  delete event.user;
  delete event.breadcrumbs;
  if (event.request) {
    const { method, url } = event.request;
    event.request = { method, url: url?.split(/[?#]/)[0] };
  }
  if (event.message) event.message = maskEmails(event.message);
  for (const value of event.exception?.values ?? []) if (value.value) value.value = maskEmails(value.value);
  if (event.extra)
    for (const [key, v] of Object.entries(event.extra)) if (typeof v === 'string') event.extra[key] = maskEmails(v);
  return event;
}

/**
 * Sentry 11's `dataCollection` (it replaced `sendDefaultPii`): collect nothing about the user or the request, so the
 * scrubber above is a second line, not the only one.
 */
export const noPersonalDataCollection = {
  userInfo: false,
  cookies: false,
  httpHeaders: false,
  httpBodies: [],
  urlQueryParams: false,
  graphQL: { document: false, variables: false },
  genAI: { inputs: false, outputs: false },
  mcp: { inputs: false, outputs: false },
  databaseQueryData: false,
  queues: false,
  stackFrameVariables: false,
} as const;
