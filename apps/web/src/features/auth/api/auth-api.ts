import type { AuthSession, LoginInput, RegisterInput } from '@therapy/contracts/auth';
import {
  login,
  register,
  requestPasswordReset,
  requestVerification,
  resetPassword,
  verifyEmail,
} from '@therapy/contracts/endpoints/auth';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { applySession } from '@/lib/session-state';

// Session calls answer 401 for wrong credentials; that must not trigger the expired-token refresh and redirect.
const sessionCall = { recoverSession: false } as const;

export function useLogin() {
  return useMutation({
    // The sign-in form shows the error itself, at the form (issue 48), rather than as a toast that goes away.
    meta: { silent: true },
    mutationFn: async (input: LoginInput) => (await call(login, { body: input, ...sessionCall })).data,
    onSuccess: applySession,
  });
}

/** After sign-up: signed in with the new account, or not (the address had an account; its owner got a mail). */
export type Registration = { signedIn: true; session: AuthSession } | { signedIn: false; email: string };

/**
 * POST /user/register answers alike for a new and a taken address and starts no session (decision 0010), so the
 * app signs in right after with the credentials just typed. If that fails, the address was taken (or the sign-in was
 * refused): the screen says a mail was sent, without a session.
 */
export function useRegister() {
  return useMutation({
    mutationFn: async (input: RegisterInput): Promise<Registration> => {
      await call(register, { body: input, ...sessionCall });
      try {
        const session = (await call(login, { body: { email: input.email, password: input.password }, ...sessionCall }))
          .data;
        return { signedIn: true, session };
      } catch {
        return { signedIn: false, email: input.email };
      }
    },
    onSuccess: (result) => {
      if (result.signedIn) applySession(result.session);
    },
  });
}

/** A new verification link; `redirect` (a same-site path) rides in it, so the link leads back there. */
export function useRequestVerification() {
  return useMutation({
    mutationFn: async (input: string | { email: string; redirect?: string | undefined }) => {
      const { email, redirect } = typeof input === 'string' ? { email: input, redirect: undefined } : input;
      return call(requestVerification, { body: redirect ? { email, redirect } : { email } });
    },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (email: string) => call(requestPasswordReset, { body: { email } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (input: { token: string; password: string; confirmPassword: string }) =>
      call(resetPassword, { body: input, ...sessionCall }),
  });
}

/**
 * Verifying is a POST, but it is modelled as a query so that React's double-mounted effects and re-renders share
 * one request: a verification token works once, and a second call would report a valid link as expired.
 */
export const verifyEmailQuery = (token: string) =>
  queryOptions({
    queryKey: ['verify-email', token],
    // The answer (`{ message }`), or true for an empty one: a query's data must not be undefined.
    queryFn: async () => (await call(verifyEmail, { body: { token }, ...sessionCall })) ?? true,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    meta: { silent: true },
  });
