import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** OWASP's argon2id baseline (DESIGN.md §2). */
const options = {
  algorithm: 2 /* Argon2id; a const enum cannot be imported under verbatimModuleSyntax */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string): Promise<string> => hash(password, options);

export const verifyPassword = async (stored: string, password: string): Promise<boolean> => {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
};

/** Verifying against a fixed hash when the account is unknown keeps both answers equally slow (no user probing). */
let dummyHash: Promise<string> | undefined;
export const burnPasswordCheck = async (password: string): Promise<void> => {
  dummyHash ??= hashPassword('not-a-real-password-0');
  await verifyPassword(await dummyHash, password);
};

/** The 10,000 most common passwords (DESIGN.md §6), from zxcvbn-ts's frequency-ranked list. */
const common = new Set(dictionary['passwords-common'].slice(0, 10_000).map((p) => p.toLowerCase()));
export const isCommonPassword = (password: string): boolean => common.has(password.toLowerCase());
