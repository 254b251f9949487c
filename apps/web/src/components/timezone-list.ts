/**
 * The pure part of the time-zone combobox (decision 0015): each IANA zone with its city, region, localized name and
 * current UTC offset, grouped by region, and a search over all of them.
 */

export interface ZoneEntry {
  /** The IANA name, the value the forms send. */
  id: string;
  /** "Berlin", "Argentina / Buenos Aires", "UTC". */
  city: string;
  /** The IANA prefix: "Europe", "America", ...; "Etc" for UTC and other zones without one. */
  region: string;
  /** "Central European Time" (en), "Mitteleuropäische Zeit" (de); empty when the browser has none. */
  name: string;
  /** "UTC+01:00", "UTC-03:30", "UTC+00:00". */
  offset: string;
  /** Lower-case text the search looks in. */
  haystack: string;
}

export const REGION_ORDER = [
  'Europe',
  'America',
  'Africa',
  'Asia',
  'Australia',
  'Pacific',
  'Atlantic',
  'Indian',
  'Antarctica',
  'Arctic',
  'Etc',
] as const;

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

function part(format: Intl.DateTimeFormat, at: Date): string {
  return format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/** "GMT+5:30" / "GMT-03:00" / "GMT" as "UTC+05:30" / "UTC-03:00" / "UTC+00:00". */
export function toUtcOffset(gmt: string): string {
  const match = /^GMT([+-−])(\d{1,2})(?::(\d{2}))?$/.exec(gmt);
  if (!match) return 'UTC+00:00';
  const sign = match[1] === '+' ? '+' : '-';
  return `UTC${sign}${match[2]!.padStart(2, '0')}:${match[3] ?? '00'}`;
}

export function zoneEntry(id: string, locale: string, at: Date = new Date()): ZoneEntry {
  const slash = id.indexOf('/');
  const region =
    slash > 0 && (REGION_ORDER as readonly string[]).includes(id.slice(0, slash)) ? id.slice(0, slash) : 'Etc';
  const rest = slash > 0 && region !== 'Etc' ? id.slice(slash + 1) : id;
  const city = rest.replaceAll('_', ' ').replaceAll('/', ' / ');
  let name = '';
  let offset = 'UTC+00:00';
  try {
    name = part(new Intl.DateTimeFormat(locale, { timeZone: id, timeZoneName: 'longGeneric' }), at);
    offset = toUtcOffset(part(new Intl.DateTimeFormat('en-US', { timeZone: id, timeZoneName: 'longOffset' }), at));
  } catch {
    // A zone this browser does not know: its name and UTC.
  }
  // A generic name that only repeats the zone ("GMT+03:00", "Berlin Time") adds nothing.
  if (/^(GMT|UTC)[+-−]/.test(name) || name === '') name = '';
  const short = offset.replace(/^UTC([+-])0?(\d+):00$/, 'UTC$1$2').replace(/^UTC([+-])0?(\d+):(\d\d)$/, 'UTC$1$2:$3');
  const haystack = fold(
    [id, city, region, name, offset, short, offset.slice(3), short.slice(3), offset.replace('UTC', 'GMT')].join(' '),
  );
  return { id, city, region, name, offset, haystack };
}

const cache = new Map<string, Map<string, ZoneEntry>>();

/** Entries are built once per language and zone: building all 420 costs a few Intl formatters each. */
export function entryOf(id: string, locale: string): ZoneEntry {
  let byId = cache.get(locale);
  if (!byId) cache.set(locale, (byId = new Map()));
  let entry = byId.get(id);
  if (!entry) byId.set(id, (entry = zoneEntry(id, locale)));
  return entry;
}

/** The words of the query must all occur ("berlin", "+05:30", "utc+1", "europe paris"). */
export function matches(entry: ZoneEntry, query: string): boolean {
  const words = fold(query).trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  return words.every((word) => {
    if (/^[+-−]\d/.test(word) || /^(utc|gmt)[+-−]/.test(word)) {
      // An offset is matched from its start: "+5" finds +05:00 and +05:30, not +15:00.
      const wanted = word.replace(/^(utc|gmt)/, '').replace('−', '-');
      return entry.haystack.split(' ').some((token) => token.replace(/^(utc|gmt)/, '').startsWith(wanted));
    }
    return entry.haystack.includes(word);
  });
}

export interface ZoneGroup {
  key: string;
  entries: ZoneEntry[];
}

/** Suggested zones first (their own group), then the rest by region in REGION_ORDER, cities in alphabetical order. */
export function groupZones(
  zones: { suggested: string[]; others: string[] },
  locale: string,
  query: string,
): ZoneGroup[] {
  const groups: ZoneGroup[] = [];
  const suggested = zones.suggested.map((id) => entryOf(id, locale)).filter((e) => matches(e, query));
  if (suggested.length > 0) groups.push({ key: 'suggested', entries: suggested });
  const byRegion = new Map<string, ZoneEntry[]>();
  for (const id of zones.others) {
    const entry = entryOf(id, locale);
    if (!matches(entry, query)) continue;
    byRegion.set(entry.region, [...(byRegion.get(entry.region) ?? []), entry]);
  }
  for (const region of REGION_ORDER) {
    const entries = byRegion.get(region);
    if (entries) groups.push({ key: region, entries: entries.sort((a, b) => a.city.localeCompare(b.city, locale)) });
  }
  return groups;
}
