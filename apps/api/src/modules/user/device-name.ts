import Bowser from 'bowser';
import { message, type Locale } from '@therapy/contracts/messages';

/** The longest user agent kept with a session: enough for every real browser, no room for a payload. */
export const USER_AGENT_MAX = 512;

/**
 * A readable name of the browser and system a session signed in with ("Firefox on Windows 10", in the request's language), parsed with bowser
 * (MIT, kept up to date; decision 0036). Null when the agent says nothing a person would recognise.
 */
export function deviceName(userAgent: string | null, locale: Locale): string | null {
  if (!userAgent) return null;
  const { browser, os } = Bowser.parse(userAgent);
  const name = browser.name?.trim();
  const system = (os.versionName && os.name === 'Windows' ? `${os.name} ${os.versionName}` : os.name)?.trim();
  if (name && system) return message('deviceName', locale, { browser: name, system });
  return name || system || null;
}
