import { z } from 'zod';
import { envelope, errorBody, messageOnly } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { mailPreferences, oneClickBody, unsubscribeParams } from '../mail-preferences.ts';

/** Mail preferences per kind and the one-click unsubscribe of notification mails (issue 49, decision 0064). */
const tags = ['mail'] as const;
const userErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody };

export const getMailPreferences = defineEndpoint({
  method: 'GET',
  path: '/user/mail-preferences',
  operationId: 'getMailPreferences',
  summary: 'Which kinds of notification mail the signed-in user gets (transactional mail is always sent)',
  tags,
  role: 'user',
  responses: { 200: envelope(mailPreferences), ...userErrors },
});

export const updateMailPreferences = defineEndpoint({
  method: 'PUT',
  path: '/user/mail-preferences',
  operationId: 'updateMailPreferences',
  summary: 'Switch kinds of notification mail on or off',
  tags,
  role: 'user',
  body: mailPreferences,
  responses: { 200: envelope(mailPreferences), ...userErrors },
});

export const unsubscribeOneClick = defineEndpoint({
  method: 'POST',
  path: '/mail/unsubscribe/:token',
  operationId: 'unsubscribeOneClick',
  summary:
    "RFC 8058 one-click unsubscribe: the signed token of a mail's List-Unsubscribe header switches off that kind of mail for its account, no session needed",
  tags,
  role: 'public',
  params: unsubscribeParams,
  body: oneClickBody,
  consumes: ['application/x-www-form-urlencoded'],
  responses: { 200: messageOnly, 400: errorBody, 404: errorBody, 429: errorBody },
});

/**
 * Any token: the link is opened in a browser, where a JSON 400 helps nobody. The preferences page it leads to sends
 * the one-click POST, which checks the token and says, in the reader's language, when the link is not valid.
 */
const openedLinkParams = z.object({ token: z.string() });

export const openUnsubscribeLink = defineEndpoint({
  method: 'GET',
  path: '/mail/unsubscribe/:token',
  operationId: 'openUnsubscribeLink',
  summary: 'A List-Unsubscribe address opened in a browser: to the mail preferences page (nothing is changed by a GET)',
  tags,
  role: 'public',
  params: openedLinkParams,
  // A redirect built from the path alone: no database, so no 503; the per-address flood guard still answers 429.
  readsDatabase: false,
  responses: {
    303: { description: 'To the mail preferences page with the token, whatever the token (the page checks it)' },
    429: errorBody,
  },
});
