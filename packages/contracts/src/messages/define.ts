/** One message: the English text (the spec's, to the letter, where it has one) and the German text side by side. */
export interface MessageEntry {
  en: string;
  de: string;
}

/** A feature's messages under stable keys; the identity function keeps the keys literal for `MessageKey`. */
export const defineMessages = <T extends Record<string, MessageEntry>>(entries: T): T => entries;
