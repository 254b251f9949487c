import crypto from 'node:crypto';
import { email as emailField } from '@therapy/contracts/fields';
import type { Executor } from '../../db/client.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { userRepository } from './user.repository.ts';

export type CreateOperatorResult =
  | { ok: true; identifier: string; email: string; password: string }
  | { ok: false; reason: 'invalid-email' | 'taken-by-client-or-provider' | 'already-operator' };

/** A one-time password: 18 random bytes in base64url (24 characters), plus a fixed tail so it has every character class. */
export const oneTimePassword = (): string => `${crypto.randomBytes(18).toString('base64url')}-7a`;

/**
 * Creates an operator account (decision 0026): the only way one comes to exist, besides the demo seed. The public
 * sign-up never creates operators. An email that belongs to a live client or provider is refused (an account has one
 * role). The password is returned once, to be handed over and changed on first sign-in (account page).
 */
export async function createOperatorAccount(
  db: Executor,
  rawEmail: string,
  now: Date,
  password: string = oneTimePassword(),
): Promise<CreateOperatorResult> {
  const parsed = emailField.safeParse(rawEmail);
  if (!parsed.success) return { ok: false, reason: 'invalid-email' };
  const existing = await userRepository.findLiveByEmail(db, parsed.data);
  if (existing)
    return { ok: false, reason: existing.userType === 'operator' ? 'already-operator' : 'taken-by-client-or-provider' };
  const row = await userRepository.insert(db, {
    email: parsed.data,
    passwordHash: await hashPassword(password),
    userType: 'operator',
    emailVerifiedAt: now,
  });
  return { ok: true, identifier: row.identifier, email: row.email, password };
}
