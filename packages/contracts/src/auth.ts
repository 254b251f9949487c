import { z } from 'zod';
import { userTypes } from './constants.ts';
import {
  countryIdentifier,
  email,
  emailCode,
  fieldsMatch,
  loginPassword,
  newPassword,
  personName,
  phoneNumber,
} from './fields.ts';
import { m } from './messages/index.ts';

/**
 * Where a person goes on to after sign-up and e-mail verification (a therapist's page with the chosen time): a path
 * of this site only ("/therapists/x?slot=y"), never another origin ("https://...", "//host", "/\\host"), so the
 * verification link cannot be used as an open redirect. It travels in the verification link, which the web checks
 * again before following it.
 */
export const REDIRECT_MAX = 2000;
export const sameSitePath = z
  .string({ error: m.redirectInvalid })
  .max(REDIRECT_MAX, m.redirectInvalid)
  .refine(isSameSitePath, m.redirectInvalid);

export function isSameSitePath(value: string): boolean {
  return (
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.includes('\\') &&
    // No control or space characters: browsers strip tabs and newlines, which would turn "/\t/host" into "//host".
    ![...value].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f)
  );
}

const passwordPair = { password: newPassword, confirmPassword: z.string({ error: m.passwordsMustMatch }) };
const terms = z.literal(true, { error: m.termsRequired });

// Cross-field checks that run even while other fields fail, so every message shows at once (see fieldsMatch).
const passwordsMatch = fieldsMatch('password', 'confirmPassword', m.passwordsMustMatch);
const emailsMatch = fieldsMatch('email', 'confirmEmail', m.emailsMustMatch, (v) => v.trim().toLowerCase());

/** Provider sign-up (spec §5 "Registration"). */
export const providerRegisterInput = z
  .strictObject({
    userType: z.literal('provider'),
    firstName: personName,
    lastName: personName,
    email,
    phoneNumber,
    ...passwordPair,
    acceptTerms: terms,
    redirect: sameSitePath.optional(),
  })
  .refine(...passwordsMatch);

/** Client sign-up: the "alternative" variant of spec §5 with a confirm email and a required country. */
export const clientRegisterInput = z
  .strictObject({
    userType: z.literal('client'),
    firstName: personName,
    lastName: personName,
    email,
    confirmEmail: z.string({ error: m.emailsMustMatch }).trim(),
    countryIdentifier,
    phoneNumber: phoneNumber.optional(),
    ...passwordPair,
    acceptTerms: terms,
    redirect: sameSitePath.optional(),
  })
  .refine(...passwordsMatch)
  .refine(...emailsMatch);

export const registerInput = z.discriminatedUnion('userType', [providerRegisterInput, clientRegisterInput]);
export type RegisterInput = z.infer<typeof registerInput>;
export type ProviderRegisterInput = z.input<typeof providerRegisterInput>;
export type ClientRegisterInput = z.input<typeof clientRegisterInput>;

export const loginInput = z.strictObject({ email, password: loginPassword });
export type LoginInput = z.infer<typeof loginInput>;

export const verifyEmailInput = z.strictObject({ token: z.string().min(1, m.tokenInvalid).max(200, m.tokenInvalid) });
export const requestVerificationInput = z.strictObject({ email, redirect: sameSitePath.optional() });
export const requestPasswordResetInput = z.strictObject({ email });

/** Spec §5 "New password": confirmation must match ("Password must match"). */
export const passwordResetInput = z
  .strictObject({
    token: z.string().min(1, m.tokenInvalid).max(200, m.tokenInvalid),
    password: newPassword,
    confirmPassword: z.string({ error: m.passwordMustMatch }),
  })
  .refine(...fieldsMatch('password', 'confirmPassword', m.passwordMustMatch));

/** Spec §5 "Change password": Confirm_Password must match ("Passwords must match"). */
export const updatePasswordInput = z
  .strictObject({
    oldPassword: loginPassword,
    newPassword,
    confirmPassword: z.string({ error: m.passwordsMustMatch }),
  })
  .refine(...fieldsMatch('newPassword', 'confirmPassword', m.passwordsMustMatch));

/** Update email, step 1: the form asks for a confirmation; the server takes only the email. */
export const changeEmailInput = z.strictObject({ email });
export const changeEmailForm = z
  .strictObject({ email, confirmEmail: z.string({ error: m.emailsMustMatch }).trim() })
  .refine(...emailsMatch);
export const validateEmailChangeInput = z.strictObject({ code: emailCode });

export const deleteAccountInput = z.strictObject({ password: loginPassword.optional() });
/** What deleting the account does to its money (decision 0016): each balance it holds, per currency, is refunded. */
export const deleteAccountPreview = z.object({
  balances: z.array(z.object({ amount: z.number().int(), currencyCode: z.string() })),
  /** Active bookings (requested, pending or confirmed) that have not ended: deletion is refused while there are any. */
  upcomingSessions: z.number().int(),
});
export type DeleteAccountPreview = z.infer<typeof deleteAccountPreview>;

export const userInfo = z.object({
  identifier: z.uuid(),
  email: z.string(),
  /** Operators (verification review, decision 0026) sign in like anyone else but can never sign up. */
  userType: z.enum([...userTypes, 'operator']),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isSocial: z.boolean(),
  emailVerified: z.boolean(),
  accountActive: z.boolean(),
  countryCode: z.string().nullable(),
  locale: z.enum(['en', 'de']),
  timezone: z.string().nullable(),
  createdAt: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const authSession = z.object({ accessToken: z.string(), expiresIn: z.number().int(), user: userInfo });
export type AuthSession = z.infer<typeof authSession>;
