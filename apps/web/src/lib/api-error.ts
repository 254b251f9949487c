import type * as SpecMessages from '@therapy/contracts/messages';
import { notify } from './toast';
import { currentLocale, i18n } from './i18n';

let catalog: typeof SpecMessages | undefined;
let loading: Promise<typeof SpecMessages | undefined> | undefined;
/**
 * The spec's messages in both languages (13 KB gzip), loaded on first need rather than with the landing page, whose
 * first scripts DESIGN.md §8 holds to 170 KB. The API client awaits this before it hands out an error, so every
 * `ApiError` is read with the catalog at hand; form routes import the messages with their schemas anyway. It never
 * fails: when the file cannot be fetched (offline, a new deploy) it gives undefined, errors read as the server sent
 * them, and the next call tries again.
 */
export function specMessages(): Promise<typeof SpecMessages | undefined> {
  loading ??= import('@therapy/contracts/messages').then(
    (loaded) => (catalog = loaded),
    () => {
      loading = undefined;
      return undefined;
    },
  );
  return loading;
}
/** A server's message in the reader's language: as sent until the catalog is loaded (see `specMessages`). */
const localize = (text: string, locale: SpecMessages.Locale): string =>
  catalog ? catalog.localize(text, locale) : text;

/** Error envelope of DESIGN.md §5; `code` also takes NETWORK_ERROR and TIMEOUT for failures that never reached it. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: string[] | string | undefined;
  readonly requestId: string | undefined;
  /** The server's `Retry-After` in seconds (a 429, or a 503 while its database is briefly out of reach). */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    errors?: string[] | string;
    requestId?: string;
    retryAfterSeconds?: number;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors;
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  /** The individual messages, whether the server sent a list or one string. */
  get errorList(): string[] {
    if (Array.isArray(this.errors)) return this.errors;
    return typeof this.errors === 'string' && this.errors ? [this.errors] : [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The toast text of spec §8: when the body has `errors`, a list is joined with ", " and a single string is shown
 * as is; otherwise the server's `message`, else the error's own message.
 */
export function errorMessage(error: unknown): string {
  const locale = currentLocale();
  if (error instanceof ApiError) {
    if (Array.isArray(error.errors) && error.errors.length > 0) {
      return error.errors.map((text) => localize(text, locale)).join(', ');
    }
    if (typeof error.errors === 'string' && error.errors) return localize(error.errors, locale);
    if (error.message) return localize(error.message, locale);
  } else if (error instanceof Error && error.message) {
    return error.message;
  }
  return i18n.t('errors.unexpected');
}

export function toastError(error: unknown): void {
  const text = errorMessage(error);
  notify.error(text);
}

/**
 * A read whose 404 is an answer, not a failure (a therapist who does not exist or is not listed): null, which the
 * page shows as its not-found state, and which the server render hands over like any data. Other errors throw.
 */
export async function nullIfNotFound<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    if (isApiError(err) && err.status === 404) return null;
    throw err;
  }
}
