import type { AuthSession, LoginInput, RegisterInput } from '@therapy/contracts/auth';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { applySession } from '@/lib/session-state';

// Session calls answer 401 for wrong credentials; that must not trigger the expired-token refresh and redirect.
const sessionCall = { recoverSession: false } as const;

export function useLogin() {
  return useMutation({
    mutationFn: async (input: LoginInput) => (await apiClient.post<AuthSession>('/user/login', input, sessionCall)).data,
    onSuccess: applySession,
  });
}

/** POST /user/register answers 201 with a session: the new user is signed in at once. */
export function useRegister() {
  return useMutation({
    mutationFn: async (input: RegisterInput) => (await apiClient.post<AuthSession>('/user/register', input, sessionCall)).data,
    onSuccess: applySession,
  });
}

export function useRequestVerification() {
  return useMutation({
    mutationFn: async (email: string) => apiClient.post<unknown>('/user/register/request-verification', { email }),
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (email: string) => apiClient.post<unknown>('/user/request-password-reset', { email }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (input: { token: string; password: string; confirmPassword: string }) =>
      apiClient.post<unknown>('/user/password-reset', input, sessionCall),
  });
}

/**
 * Verifying is a POST, but it is modelled as a query so that React's double-mounted effects and re-renders share
 * one request: a verification token works once, and a second call would report a valid link as expired.
 */
export const verifyEmailQuery = (token: string) =>
  queryOptions({
    queryKey: ['verify-email', token],
    queryFn: async () => (await apiClient.post<unknown>('/user/register/verify', { token }, sessionCall)).data ?? true,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    meta: { silent: true },
  });
