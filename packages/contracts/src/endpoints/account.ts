import { z } from 'zod';
import {
  changeEmailInput,
  deleteAccountInput,
  deleteAccountPreview,
  updatePasswordInput,
  userInfo,
  validateEmailChangeInput,
} from '../auth.ts';
import { envelope, errorBody, messageOnly } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { activityRecorded, sessionParams, signedInSession } from '../sessions.ts';
import { timezoneInput, timezoneResponse, userPreferencesInput } from '../user.ts';

/** The signed-in user's own account (spec §7 "Auth and user"): any user type. */
const tags = ['user'] as const;
const role = 'user';
const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };

export const getUserInfo = defineEndpoint({
  method: 'GET',
  path: '/user/info',
  operationId: 'getUserInfo',
  summary: 'The signed-in user',
  tags,
  role,
  responses: { 200: envelope(userInfo), ...errors },
});

export const updatePassword = defineEndpoint({
  method: 'POST',
  path: '/user/profile/update-password',
  operationId: 'updatePassword',
  summary: 'Change the password (ends the other sessions)',
  tags,
  role,
  body: updatePasswordInput,
  responses: { 200: messageOnly, ...errors },
});

export const changeEmail = defineEndpoint({
  method: 'POST',
  path: '/user/profile/change-email',
  operationId: 'changeEmail',
  summary: 'Start an email change: mail a code to the new address (a taken address: its owner is told instead)',
  tags,
  role,
  body: changeEmailInput,
  responses: { 200: messageOnly, ...errors },
});

export const validateEmailChange = defineEndpoint({
  method: 'POST',
  path: '/user/profile/validate-email-change',
  operationId: 'validateEmailChange',
  summary: 'Finish an email change with the mailed code',
  tags,
  role,
  body: validateEmailChangeInput,
  responses: { 200: envelope(userInfo), ...errors },
});

export const getDeleteAccountPreview = defineEndpoint({
  method: 'GET',
  path: '/user/profile/delete-account',
  operationId: 'getDeleteAccountPreview',
  summary: 'What deleting the account does to its money: the balances it holds',
  tags,
  role,
  responses: { 200: envelope(deleteAccountPreview), ...errors },
});

export const deleteAccount = defineEndpoint({
  method: 'DELETE',
  path: '/user/profile/delete-account',
  operationId: 'deleteAccount',
  summary: 'Delete the account: anonymise personal data and end every session',
  tags,
  role,
  body: deleteAccountInput.nullish(),
  responses: { 200: messageOnly, ...errors },
});

export const updateUserPreferences = defineEndpoint({
  method: 'PUT',
  path: '/user/preferences',
  operationId: 'updateUserPreferences',
  summary: 'Save the language and country of the signed-in user',
  tags,
  role,
  body: userPreferencesInput,
  responses: { 200: envelope(userInfo), ...errors },
});

export const getUserTimezone = defineEndpoint({
  method: 'GET',
  path: '/user/timezone',
  operationId: 'getUserTimezone',
  summary: "The signed-in user's time zone",
  tags,
  role,
  responses: { 200: envelope(timezoneResponse), ...errors },
});

export const setUserTimezone = defineEndpoint({
  method: 'POST',
  path: '/user/timezone',
  operationId: 'setUserTimezone',
  summary: "Save the signed-in user's time zone",
  tags,
  role,
  body: timezoneInput,
  responses: { 200: envelope(timezoneResponse), ...errors },
});

export const listUserSessions = defineEndpoint({
  method: 'GET',
  path: '/user/sessions',
  operationId: 'listUserSessions',
  summary:
    'Where you are signed in: your live sessions (device, address, signed in, last active), most recently active first',
  tags,
  role,
  responses: { 200: envelope(z.array(signedInSession)), ...errors },
});

export const endUserSession = defineEndpoint({
  method: 'DELETE',
  path: '/user/sessions/:id',
  operationId: 'endUserSession',
  summary: 'Sign out one of your sessions at once (its refresh and access tokens); your current one signs you out',
  tags,
  role,
  params: sessionParams,
  responses: { 200: messageOnly, ...errors },
});

export const endOtherUserSessions = defineEndpoint({
  method: 'DELETE',
  path: '/user/sessions',
  operationId: 'endOtherUserSessions',
  summary: 'Sign out every session but the one that asks',
  tags,
  role,
  responses: { 200: messageOnly, ...errors },
});

export const recordUserActivity = defineEndpoint({
  method: 'POST',
  path: '/user/activity',
  operationId: 'recordUserActivity',
  summary:
    'The person used the app (pointer, keys, touch, scroll, focus): keeps the session from idle sign-out (decision 0036)',
  tags,
  role,
  responses: { 200: envelope(activityRecorded), ...errors },
});
