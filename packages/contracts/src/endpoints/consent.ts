import { errorBody, envelope } from '../common.ts';
import { cookieConsentInput, cookieConsentState } from '../consent.ts';
import { defineEndpoint } from '../endpoint.ts';

/** The cookie consent of the signed-in user's device, for what the API sends on their behalf (decision 0067). */
const tags = ['consent'] as const;

export const saveCookieConsent = defineEndpoint({
  method: 'PUT',
  path: '/user/cookie-consent',
  operationId: 'saveCookieConsent',
  summary:
    "Save this device's cookie choice for the signed-in user: conversion events are sent only while it allows analytics",
  tags,
  role: 'user',
  body: cookieConsentInput,
  responses: { 200: envelope(cookieConsentState), 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody },
});
