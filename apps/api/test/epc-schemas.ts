import { expect } from 'vitest';
import { validatePain001 } from './epc-validate.ts';

/** Fails unless the document passes both EPC schemas (test/epc-validate.ts). */
export async function expectValidPain001(xml: string): Promise<void> {
  for (const verdict of await validatePain001(xml))
    expect(verdict.valid, `${verdict.schema}: ${verdict.output}`).toBe(true);
}
