import { z } from 'zod';
import {
  authSession,
  loginInput,
  passwordResetInput,
  registerInput,
  requestPasswordResetInput,
  requestVerificationInput,
  verifyEmailInput,
} from '../auth.ts';
import { envelope, errorBody, messageOnly } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';

/** Sign-up, sign-in, sessions, verification and reset: spec §7 "Auth and user". All public. */
const tags = ['auth'] as const;
const errors = { 400: errorBody, 401: errorBody, 409: errorBody, 429: errorBody };

/** The same answer for a new and a taken address, and no session: the web app signs in next (decision 0010). */
export const register = defineEndpoint({
  method: 'POST',
  path: '/user/register',
  operationId: 'register',
  summary: 'Create a client or provider account and mail its verification link',
  tags,
  role: 'public',
  body: registerInput,
  responses: { 201: messageOnly, ...errors },
});

export const login = defineEndpoint({
  method: 'POST',
  path: '/user/login',
  operationId: 'login',
  summary: 'Sign in with email and password; sets the refresh cookie',
  tags,
  role: 'public',
  body: loginInput,
  responses: { 200: envelope(authSession), ...errors },
});

export const refreshToken = defineEndpoint({
  method: 'POST',
  path: '/user/token/refresh',
  operationId: 'refreshToken',
  summary: 'Exchange the refresh cookie for a new access token (the cookie rotates)',
  tags,
  role: 'public',
  responses: { 200: envelope(authSession), ...errors },
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/user/logout',
  operationId: 'logout',
  summary: 'End the session of the refresh cookie and of the bearer token (either may be sent) and clear the cookie',
  tags,
  role: 'public',
  responses: { 200: messageOnly, 400: errorBody },
});

export const verifyEmail = defineEndpoint({
  method: 'POST',
  path: '/user/register/verify',
  operationId: 'verifyEmail',
  summary: 'Confirm an email address with the token from the verification link',
  tags,
  role: 'public',
  body: verifyEmailInput,
  responses: { 200: messageOnly, ...errors },
});

export const requestVerification = defineEndpoint({
  method: 'POST',
  path: '/user/register/request-verification',
  operationId: 'requestVerification',
  summary: 'Mail a new verification link',
  tags,
  role: 'public',
  body: requestVerificationInput,
  responses: { 200: messageOnly, ...errors },
});

export const requestPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/user/request-password-reset',
  operationId: 'requestPasswordReset',
  summary: 'Mail a password reset link',
  tags,
  role: 'public',
  body: requestPasswordResetInput,
  responses: { 200: messageOnly, ...errors },
});

export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/user/password-reset',
  operationId: 'resetPassword',
  summary: 'Choose a new password with the token from the reset link',
  tags,
  role: 'public',
  body: passwordResetInput,
  responses: { 200: messageOnly, ...errors },
});

const oidcStartQuery = z.strictObject({
  redirect: z.string().max(500).optional(),
  userType: z.enum(['client', 'provider']).optional(),
});
const oidcCallbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
});
const redirect = (description: string) => ({ description });

/** "Sign in with Google" (OpenID Connect): browser redirects, registered only when OIDC_* is configured. */
export const startGoogleSignIn = defineEndpoint({
  method: 'GET',
  path: '/user/oidc/google/start',
  operationId: 'startGoogleSignIn',
  summary: "Send the browser to Google's sign-in page",
  tags,
  role: 'public',
  query: oidcStartQuery,
  responses: { 302: redirect("To Google's sign-in page"), 400: errorBody, 503: errorBody },
});

export const finishGoogleSignIn = defineEndpoint({
  method: 'GET',
  path: '/user/oidc/google/callback',
  operationId: 'finishGoogleSignIn',
  summary: "Google's return: sign in and send the browser back to the web app",
  tags,
  role: 'public',
  query: oidcCallbackQuery,
  responses: { 302: redirect('To the web app, signed in, or to the sign-in page with an error'), 400: errorBody },
});
