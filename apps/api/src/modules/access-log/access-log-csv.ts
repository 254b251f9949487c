import { stringify } from 'csv-stringify/sync';
import type { AccessLogEntry } from '@therapy/contracts/access-log';

/**
 * The access log as CSV (issue 47): one line per entry, in the provider's language and time zone. Written by
 * csv-stringify with `escape_formulas`, so a cell beginning with = + - @ (a note's title, a name, a browser's
 * agent string) is prefixed with ' and a spreadsheet shows it as text instead of running it (CSV injection).
 */
export type Locale = 'en' | 'de';

const headers: Record<Locale, string[]> = {
  en: ['When', 'Action', 'Record', 'Note title', 'Note written', 'Client', 'Who', 'IP address', 'Browser', 'System'],
  de: [
    'Wann',
    'Aktion',
    'Eintrag',
    'Titel der Notiz',
    'Notiz geschrieben',
    'Klient*in',
    'Wer',
    'IP-Adresse',
    'Browser',
    'System',
  ],
};
const actions: Record<Locale, Record<AccessLogEntry['action'], string>> = {
  en: {
    create: 'created',
    read: 'read',
    update: 'changed',
    delete: 'deleted',
    download: 'downloaded',
    sign: 'signed',
    addendum: 'addendum added',
    answer: 'answered',
    review: 'reviewed',
  },
  de: {
    create: 'angelegt',
    read: 'gelesen',
    update: 'geändert',
    delete: 'gelöscht',
    download: 'heruntergeladen',
    sign: 'unterschrieben',
    addendum: 'Nachtrag hinzugefügt',
    answer: 'beantwortet',
    review: 'angesehen',
  },
};
const records: Record<Locale, Record<AccessLogEntry['recordType'], string>> = {
  en: { note: 'note', measure: 'questionnaire', client: 'client page' },
  de: { note: 'Notiz', measure: 'Fragebogen', client: 'Klientenseite' },
};
const you: Record<Locale, string> = { en: 'you', de: 'du' };

/** An instant as the provider's wall-clock time, "2026-03-04 14:05" (sorts as text, reads in any spreadsheet). */
const wallTime = (iso: string, zone: string | null): string => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone ?? 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
};

export function accessLogCsv(entries: readonly AccessLogEntry[], locale: Locale, zone: string | null): string {
  return stringify(
    entries.map((e) => [
      wallTime(e.at, zone),
      actions[locale][e.action],
      records[locale][e.recordType],
      e.noteTitle ?? '',
      e.noteCreatedAt ? wallTime(e.noteCreatedAt, zone).slice(0, 10) : '',
      e.clientName ?? '',
      e.actorRole === 'you' ? you[locale] : (e.actorName ?? ''),
      e.ipAddress ?? '',
      e.device.browser ?? '',
      e.device.os ?? '',
    ]),
    { header: true, columns: headers[locale], escape_formulas: true, bom: true },
  );
}
