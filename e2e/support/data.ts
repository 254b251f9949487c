import crypto from 'node:crypto';

/** A fresh address per call: journeys never share an account, so they can run in any order and be retried. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}.${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}@example.com`;
}

let signUpSeq = 0;
/**
 * Headers for a sign-up made by the journeys' helpers: each as from an address of its own (the server trusts the
 * proxy header in the journeys, as behind a real proxy), because the per-address sign-up limit (60 in 15 minutes)
 * is a real rule that a whole run of journeys from one machine would otherwise meet. Sign-ups in the browser come
 * from the machine's own address and still count against it.
 */
export function signUpHeaders(): Record<string, string> {
  signUpSeq += 1;
  return { 'x-forwarded-for': `10.${process.pid % 250}.${Math.floor(signUpSeq / 250) % 250}.${(signUpSeq % 250) + 1}` };
}

/** Satisfies the password rule everywhere (8-64 with a letter, not a common password). */
export const PASSWORD = 'Quiet-Harbor-2718';
export const NEW_PASSWORD = 'Amber-Lantern-9041';
