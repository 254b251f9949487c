import { localize, message, type MessageKey, type MessageParams } from '@therapy/contracts/messages';
import { currentLocale } from '@/lib/i18n';

/** The server's message in the page's language, or the catalogue's text for `fallback` when it sent none. */
export function serverText(text: string | undefined, fallback: MessageKey, params?: MessageParams): string {
  const locale = currentLocale();
  return text ? localize(text, locale) : message(fallback, locale, params);
}
