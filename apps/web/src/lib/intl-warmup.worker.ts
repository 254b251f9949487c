/**
 * Loads the browser's date-formatting data off the main thread (lib/intl-warmup.ts says why) with the formats the
 * pages use first, in both languages, and answers with the browser's time zone.
 */
const now = new Date();
for (const locale of ['en-US', 'de']) {
  new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(now);
  new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(now);
}
let timeZone = '';
try {
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
} catch {
  // The main thread asks again.
}
// A dedicated worker's postMessage (the project's types are the window's).
(globalThis as unknown as { postMessage(message: string): void }).postMessage(timeZone);
