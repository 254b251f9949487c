import { config } from 'zod/v4/core';

/**
 * Issue 49 (best practices 100): zod compiles its object parsers with `new Function` when it may, and probes for that
 * with a `new Function("")` it catches as each object schema is created. The app's CSP forbids eval (`script-src
 * 'self'`), so the browser reported the probe as a CSP violation on every page that loads a schema (Lighthouse's
 * "issues logged in the Issues panel"). `jitless` parses without the compiler, which is all the CSP allows anyway, and
 * skips the probe. It must be set before any schema is created: see `zodReady`.
 */
config({ jitless: true });
