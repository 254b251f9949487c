import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { validateXML } from 'xmllint-wasm';

/**
 * The European Payments Council's SEPA credit transfer schemas (EPC132-08 pain.001.001.09, the 2023 and the 2025
 * versions, vendored in test/published/epc) and libxml2's validator (xmllint compiled to wasm): issue 46.
 */
const epc = path.join(path.dirname(fileURLToPath(import.meta.url)), 'published', 'epc');
const schemas = ['EPC132-08_2023_V1.0_pain.001.001.09.xsd', 'EPC132-08_2025_V1.0_pain.001.001.09.xsd'].map((name) => ({
  fileName: name,
  contents: fs.readFileSync(path.join(epc, name), 'utf8'),
}));

/** Fails unless the document passes both EPC schemas. */
export async function expectValidPain001(xml: string): Promise<void> {
  for (const schema of schemas) {
    const result = await validateXML({ xml: [{ fileName: 'payouts.xml', contents: xml }], schema: [schema] });
    expect(result.errors, `${schema.fileName}: ${result.rawOutput}`).toEqual([]);
    expect(result.valid).toBe(true);
  }
}
