/**
 * Whether a URL's provider id can be one (a UUID, as the API's `z.uuid()` checks it). A regular expression, not zod:
 * the therapist page and its server prefetch would otherwise load zod (25 KB gzip) for this one check.
 */
export const isProviderId = (id: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
