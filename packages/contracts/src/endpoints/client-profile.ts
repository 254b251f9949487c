import { z } from 'zod';
import { envelope, errorBody } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { m } from '../messages/index.ts';
import {
  avatar,
  avatarParams,
  clientPreferences,
  clientPreferencesInput,
  clientProfile,
  clientProfileInput,
  emergencyContact,
  emergencyContactInput,
  photoResponse,
} from '../profile.ts';

/** A client's own profile, emergency contact, preferences and picture: spec §7 "Profile and client". */
const tags = ['client'] as const;
const role = 'client';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 413: errorBody };
/** A user's id: a malformed one is refused before any query (400, "Not found"), like every other id route. */
const clientProfileIdParams = z.strictObject({ id: z.uuid({ error: m.notFound }) });

export const getClientProfile = defineEndpoint({
  method: 'GET',
  path: '/client',
  operationId: 'getClientProfile',
  summary: "The signed-in client's profile",
  tags,
  role,
  responses: { 200: envelope(clientProfile), ...errors },
});

export const updateClientProfile = defineEndpoint({
  method: 'PUT',
  path: '/client',
  operationId: 'updateClientProfile',
  summary: "Save the signed-in client's profile",
  tags,
  role,
  body: clientProfileInput,
  responses: { 200: envelope(clientProfile), ...errors },
});

export const getClientProfileById = defineEndpoint({
  method: 'GET',
  path: '/client/profile/:id',
  operationId: 'getClientProfileById',
  summary: "A client profile by identifier: the caller's own, or (for a provider) one of their clients'",
  tags,
  role: 'user',
  params: clientProfileIdParams,
  responses: { 200: envelope(clientProfile), ...errors },
});

export const getEmergencyContact = defineEndpoint({
  method: 'GET',
  path: '/client/emergency-contact',
  operationId: 'getEmergencyContact',
  summary: "The signed-in client's emergency contact, or null",
  tags,
  role,
  responses: { 200: envelope(emergencyContact.nullable()), ...errors },
});

export const saveEmergencyContact = defineEndpoint({
  method: 'POST',
  path: '/client/emergency-contact',
  operationId: 'saveEmergencyContact',
  summary: "Save the signed-in client's emergency contact",
  tags,
  role,
  body: emergencyContactInput,
  responses: { 200: envelope(emergencyContact), ...errors },
});

export const getClientPreferences = defineEndpoint({
  method: 'GET',
  path: '/client/preferences',
  operationId: 'getClientPreferences',
  summary: "The signed-in client's therapist preferences",
  tags,
  role,
  responses: { 200: envelope(clientPreferences), ...errors },
});

export const updateClientPreferences = defineEndpoint({
  method: 'PUT',
  path: '/client/preferences',
  operationId: 'updateClientPreferences',
  summary: "Save the signed-in client's therapist preferences",
  tags,
  role,
  body: clientPreferencesInput,
  responses: { 200: envelope(clientPreferences), ...errors },
});

export const listAvatars = defineEndpoint({
  method: 'GET',
  path: '/client/avatars',
  operationId: 'listAvatars',
  summary: 'The avatars a client may choose as a picture',
  tags,
  role,
  responses: { 200: envelope(z.array(avatar)), ...errors },
});

export const chooseAvatar = defineEndpoint({
  method: 'POST',
  path: '/client/avatar/:avatarIdentifier',
  operationId: 'chooseAvatar',
  summary: "Make an avatar the signed-in client's picture",
  tags,
  role,
  params: avatarParams,
  responses: { 200: envelope(photoResponse), ...errors },
});

export const uploadClientPicture = defineEndpoint({
  method: 'POST',
  path: '/client/profile-picture',
  operationId: 'uploadClientPicture',
  summary: "Upload the signed-in client's picture (multipart field `file`)",
  tags,
  role,
  consumes: ['multipart/form-data'],
  responses: { 200: envelope(photoResponse), ...errors },
});

export const deleteClientPicture = defineEndpoint({
  method: 'DELETE',
  path: '/client/profile-picture',
  operationId: 'deleteClientPicture',
  summary: "Remove the signed-in client's picture",
  tags,
  role,
  responses: { 200: envelope(photoResponse), ...errors },
});
