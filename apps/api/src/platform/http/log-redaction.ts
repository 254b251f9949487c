/**
 * Secrets that travel in URLs, kept out of every log line (issue 45). Some links are their own key: a calendar feed's
 * token (`/api/v1/calendar/feed/<token>.ics`, whose feed names clients), a provider's invitation
 * (`/invitation/<token>`), the signature of a file or data-export URL (`?expires=...&signature=...`), the token of a
 * verification or reset link (`?token=...`) and a sign-in callback's `code`. A log that keeps them hands
 * the key to whoever reads the log.
 *
 * Applied to the text of each log line just before it is written (pino's `streamWrite` hook), so it holds for every
 * line: the request line's `url`, a message that quotes the URL ("Route GET:/... not found"), an error's stack.
 * `expires` stays: a time, not a secret, and what tells an expired link from a forged one when reading a log.
 */

export const REDACTED = '[redacted]';

/** A value ends at the next separator of a URL, or where the URL ends inside a JSON string or a text line. */
const valueChars = String.raw`[^/?#&"'\s\\<>]`;
const end = String.raw`(?=[/?#&"'\s\\<>]|$)`;

const rules: Array<[RegExp, string]> = [
  // Any token under /calendar/feed/ (with or without its .ics), but the reset route's own name.
  [new RegExp(String.raw`(/calendar/feed/)(?!reset${end})${valueChars}+?(\.ics)?${end}`, 'g'), `$1${REDACTED}$2`],
  [new RegExp(String.raw`(/invitation/)${valueChars}+`, 'g'), `$1${REDACTED}`],
  [new RegExp(String.raw`([?&](?:[\w.-]*token|signature|sig|secret|code)=)[^&#"'\s\\<>]+`, 'gi'), `$1${REDACTED}`],
];

/** The text with every secret part of every URL in it replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const [pattern, replacement] of rules) out = out.replace(pattern, replacement);
  return out;
}
