import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/** Every entry of a ZIP (a data export) as text by its name: the API test and the browser journey open exports alike. */
export async function zipEntries(data: Buffer): Promise<Map<string, string>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))),
  );
  const out = new Map<string, string>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, async (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        for await (const c of stream as Readable) chunks.push(c as Buffer);
        out.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
        zip.readEntry();
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return out;
}
