import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

/**
 * The European Payments Council's SEPA credit transfer schemas (EPC132-08 pain.001.001.09, the 2023 and the 2025
 * versions, vendored in test/published/epc) and libxml2's validator (xmllint compiled to wasm): issue 46. Free of any
 * test runner, so the API tests and the browser journeys (the file an operator downloads) use the same check.
 */
const epc = path.join(path.dirname(fileURLToPath(import.meta.url)), 'published', 'epc');
export const epcSchemaNames = ['EPC132-08_2023_V1.0_pain.001.001.09.xsd', 'EPC132-08_2025_V1.0_pain.001.001.09.xsd'];
const schemas = epcSchemaNames.map((name) => ({
  fileName: name,
  contents: fs.readFileSync(path.join(epc, name), 'utf8'),
}));

export interface SchemaVerdict {
  schema: string;
  valid: boolean;
  /** xmllint's own output (empty when valid). */
  output: string;
}

/** The document checked against each EPC schema. */
export async function validatePain001(xml: string): Promise<SchemaVerdict[]> {
  const verdicts: SchemaVerdict[] = [];
  for (const schema of schemas) {
    const result = await validateXML({ xml: [{ fileName: 'payouts.xml', contents: xml }], schema: [schema] });
    verdicts.push({
      schema: schema.fileName,
      valid: result.valid && result.errors.length === 0,
      output: result.valid ? '' : result.rawOutput,
    });
  }
  return verdicts;
}
