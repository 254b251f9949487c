import { createRequire } from 'node:module';
import { Writable } from 'node:stream';

/**
 * An independent reader of NACHA ACH files for the tests (decision 0051): `@ach/ach`'s parser, which cuts each record
 * into its fields by its own copy of the NACHA layout. It is used through its documented pipeline
 * `from({ source, format: 'ach' }).to({ format: 'json', target })` (its function target is broken in 1.1.0). It
 * checks no sums: the tests do that on what it read.
 */
export interface AchEntry {
  transactionCode: string;
  receivingDFIIdentification: number;
  checkDigit: number;
  dfiAccount: string;
  amount: number;
  identificationNumber: string;
  receivingCompanyName?: string;
  individualName?: string;
  addendaIndicator: string;
  traceNumber: number;
}
export interface AchBatch {
  serviceClassCode: number;
  companyName: string;
  companyId: string;
  entryClassCode: string;
  description: string;
  effectiveDate: string;
  originatorStatusCode: string;
  originatingDFIIdentification: string;
  num: number;
  entries: AchEntry[];
  footer: {
    serviceClassCode: number;
    entryAndAddendaCount: number;
    entryHash: number;
    totalDebit: number;
    totalCredit: number;
    companyId: string;
    originatingDFIIdentification: string;
    num: number;
  };
}
export interface AchFile {
  file: {
    priority: number;
    destination: string;
    origin: string;
    creationDate: string;
    creationTime: string;
    idModifier: string;
    recordSize: string;
    blockingFactor: string;
    formatCode: string;
    destinationName: string;
    originName: string;
    referenceCode: string;
    footer: {
      batchCount: number;
      blockCount: number;
      entryAndAddendaCount: number;
      entryHash: number;
      totalDebit: number;
      totalCredit: number;
    };
  };
  batches: AchBatch[];
}

type Ach = {
  from(options: { source: string; format: 'ach' }): {
    to(options: { format: 'json'; target: Writable }): { success?: boolean; error?: string };
  };
};
const ach = (createRequire(import.meta.url)('@ach/ach') as () => Ach)();

export function readAchFile(text: string): Promise<AchFile> {
  return new Promise((resolve, reject) => {
    let json = '';
    const target = new Writable({
      write(chunk, _encoding, done) {
        json += String(chunk);
        done();
      },
    });
    target.on('finish', () => {
      try {
        resolve(JSON.parse(json) as AchFile);
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
    target.on('error', reject);
    const started = ach.from({ source: text, format: 'ach' }).to({ format: 'json', target });
    if (started.error) reject(new Error(started.error));
  });
}
