import type { AccessLogDevice } from '@therapy/contracts/access-log';

/**
 * The browser and operating system a user agent names, for people reading an access log ("Firefox", "Windows"), not
 * for feature detection. A short ordered list of the agents people use (decision 0037): ua-parser-js 2 is AGPL and a
 * library for two names is more than this needs. Order matters: Edge and Opera say "Chrome", Chrome says "Safari", and
 * iOS says "Mac OS X". What is not recognised stays null; the raw agent is kept next to it.
 */
const browsers: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera|OPiOS)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|Chromium|CriOS|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\b(?:iPhone|iPad)\b.*\bAppleWebKit\//, 'Safari'],
  [/\bMSIE \d|\bTrident\//, 'Internet Explorer'],
  [/^curl\//, 'curl'],
];
const systems: ReadonlyArray<[RegExp, string]> = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const first = (agent: string, list: ReadonlyArray<[RegExp, string]>) =>
  list.find(([pattern]) => pattern.test(agent))?.[1] ?? null;

export function describeUserAgent(agent: string | null): AccessLogDevice {
  if (!agent) return { browser: null, os: null };
  return { browser: first(agent, browsers), os: first(agent, systems) };
}
