import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { newId } from '../ids.ts';
import type { Database } from '../client.ts';
import { insuranceFiles, qualificationFiles, qualifications } from '../schema/credentials.ts';
import { files } from '../schema/files.ts';
import { countries, states } from '../schema/reference.ts';

/** Writes bytes to the file storage (passed in: db/ imports no platform code). */
export type StoreFile = (key: string, data: Buffer, contentType: string) => Promise<void>;

/** A small, valid one-page PDF with a line of text (offsets in the xref table computed, so viewers open it). */
export function demoPdf(text: string): Buffer {
  const safe = text.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${safe}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((content, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${content}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function storeDemoPdf(
  db: Database,
  storeFile: StoreFile,
  ownerUserId: string,
  purpose: 'credential' | 'insurance',
  filename: string,
  text: string,
): Promise<string> {
  const identifier = newId();
  const data = demoPdf(text);
  const storageKey = `${purpose}/${identifier}.pdf`;
  await db.insert(files).values({
    identifier,
    ownerUserId,
    purpose,
    storageKey,
    contentType: 'application/pdf',
    sizeBytes: data.length,
    sha256: crypto.createHash('sha256').update(data).digest('hex'),
    originalName: filename,
  });
  await storeFile(storageKey, data, 'application/pdf');
  return identifier;
}

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const newYorkId = async (db: Database): Promise<string | null> => {
  const [row] = await db
    .select({ id: states.identifier })
    .from(states)
    .innerJoin(countries, eq(countries.identifier, states.countryId))
    .where(and(eq(countries.code, 'US'), eq(states.code, 'NY')))
    .limit(1);
  return row?.id ?? null;
};

/**
 * The demo provider's credentials: a licence with one small PDF and an indemnity insurance PDF. Only when the provider
 * has none yet, so a restart (or the provider's own changes) is left alone.
 */
export async function seedDemoCredentials(db: Database, providerId: string, storeFile: StoreFile): Promise<void> {
  const [existing] = await db
    .select({ id: qualifications.identifier })
    .from(qualifications)
    .where(eq(qualifications.providerId, providerId))
    .limit(1);
  if (!existing) {
    const fileId = await storeDemoPdf(
      db,
      storeFile,
      providerId,
      'credential',
      'demo-licence.pdf',
      'Demo licence: New York State Board, NY-123456',
    );
    const [row] = await db
      .insert(qualifications)
      .values({
        providerId,
        kind: 'license',
        body: 'New York State Board',
        credentialNumber: 'NY-123456',
        stateId: await newYorkId(db),
        expiresOn: daysFromNow(365),
      })
      .returning({ id: qualifications.identifier });
    await db.insert(qualificationFiles).values({ fileId, qualificationId: row!.id, position: 0 });
  }
  const [insured] = await db
    .select({ id: insuranceFiles.fileId })
    .from(insuranceFiles)
    .where(eq(insuranceFiles.providerId, providerId))
    .limit(1);
  if (!insured) {
    const fileId = await storeDemoPdf(
      db,
      storeFile,
      providerId,
      'insurance',
      'indemnity-insurance.pdf',
      'Demo professional indemnity insurance',
    );
    await db.insert(insuranceFiles).values({ providerId, fileId, expiresOn: daysFromNow(200) });
  }
}
