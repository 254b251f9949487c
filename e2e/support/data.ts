import crypto from 'node:crypto';

/** A fresh address per call: journeys never share an account, so they can run in any order and be retried. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}.${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}@example.com`;
}

/** Satisfies the password rule everywhere (8-64 with a letter, not a common password). */
export const PASSWORD = 'Quiet-Harbor-2718';
export const NEW_PASSWORD = 'Amber-Lantern-9041';
