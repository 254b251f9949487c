import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import yazl from 'yazl';

/**
 * One part of an export: its rows come in batches (from the repository's keyset pages), so the ZIP is written while
 * the rows are read and never holds a part in memory. Each part becomes `<name>.json` (an array, or one object for a
 * `single` part such as the profile) and `<name>.csv` (one row per record, the given columns).
 */
export interface ExportPart {
  name: string;
  columns: readonly string[];
  single?: boolean;
  rows: () => AsyncIterable<ReadonlyArray<Record<string, unknown>>>;
}

/**
 * A cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe in the CSV
 * (OWASP "CSV injection"); the JSON keeps every value exactly.
 */
const cellOf = (value: unknown): string | number | boolean | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  // A list of plain values reads as "a; b"; a list of objects (a waitlist entry's offers, a note's addenda) as JSON.
  const plainList = Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object');
  const text = typeof value === 'string' ? value : plainList ? (value as unknown[]).join('; ') : JSON.stringify(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};

async function* jsonOf(part: ExportPart): AsyncGenerator<string> {
  if (part.single) {
    for await (const batch of part.rows()) for (const row of batch) yield `${JSON.stringify(row, null, 2)}\n`;
    return;
  }
  yield '[';
  let first = true;
  for await (const batch of part.rows()) {
    if (batch.length === 0) continue;
    yield `${first ? '\n' : ',\n'}${batch.map((row) => `  ${JSON.stringify(row)}`).join(',\n')}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

async function* csvOf(part: ExportPart): AsyncGenerator<string> {
  const columns = [...part.columns];
  // A byte-order mark, so spreadsheet programs read the UTF-8 (umlauts, accents) as UTF-8.
  yield `\uFEFF${stringify([], { header: true, columns })}`;
  for await (const batch of part.rows()) {
    if (batch.length === 0) continue;
    yield stringify(
      batch.map((row) => columns.map((c) => cellOf(row[c]))),
      { cast: { boolean: (v) => (v ? 'true' : 'false') } },
    );
  }
}

/**
 * The export as a ZIP stream: README.txt, then each part's JSON and CSV, deflated. The entries are read lazily, one
 * after the other, as the consumer pulls: the first query runs when the ZIP reaches that entry. A failing part ends
 * the stream with its error (nothing half-written is stored).
 */
export function exportZip(readme: string, parts: readonly ExportPart[]): Readable {
  const zip = new yazl.ZipFile();
  const out = new PassThrough();
  const fail = (err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err)));
  const lazy = (name: string, source: () => AsyncIterable<string>) =>
    zip.addReadStreamLazy(name, (cb) => {
      const stream = Readable.from(source(), { objectMode: false });
      stream.once('error', fail);
      cb(null, stream);
    });
  zip.addBuffer(Buffer.from(readme.replace(/\n/g, '\r\n'), 'utf8'), 'README.txt');
  for (const part of parts) {
    lazy(`${part.name}.json`, () => jsonOf(part));
    lazy(`${part.name}.csv`, () => csvOf(part));
  }
  zip.on('error', fail);
  zip.outputStream.pipe(out);
  zip.end();
  return out;
}
