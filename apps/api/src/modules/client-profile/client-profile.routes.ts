import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, errorBody } from '@therapy/contracts/common';
import { message } from '@therapy/contracts/messages';
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
} from '@therapy/contracts/profile';
import { uploadedFile } from '../../platform/files/uploads.ts';
import { actorOf } from '../../platform/auth/plugin.ts';
import { requestLocale } from '../../platform/locale.ts';
import type { ClientProfileService } from './client-profile.service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 413: errorBody };
/** Any string: an id that is not the caller's (malformed or not) is simply not found. */
const profileIdParams = z.strictObject({ id: z.string().max(64) });

/** A client's own profile, emergency contact, preferences and picture: spec §7 "Profile and client". */
export const clientProfileRoutes: FastifyPluginAsyncZod<{ profiles: ClientProfileService }> = async (app, { profiles }) => {
  const tags = ['client'];
  const security = [{ bearer: [] }];
  // Before the body is read: a caller without a client token learns nothing about the route's rules.
  app.addHook('onRequest', app.requireRole('client'));

  app.get('/client', { schema: { tags, security, response: { 200: envelope(clientProfile), ...errors } } }, async (req) => ({
    data: await profiles.get(actorOf(req)),
  }));

  app.put('/client', { schema: { tags, security, body: clientProfileInput, response: { 200: envelope(clientProfile), ...errors } } }, async (req) => ({
    data: await profiles.update(actorOf(req), req.body),
    message: message('dataSaved', requestLocale(req)),
  }));

  app.get('/client/profile/:id', { schema: { tags, security, params: profileIdParams, response: { 200: envelope(clientProfile), ...errors } } }, async (req) => ({
    data: await profiles.getById(actorOf(req), req.params.id),
  }));

  app.get('/client/emergency-contact', { schema: { tags, security, response: { 200: envelope(emergencyContact.nullable()), ...errors } } }, async (req) => ({
    data: await profiles.emergencyContact(actorOf(req)),
  }));

  app.post(
    '/client/emergency-contact',
    { schema: { tags, security, body: emergencyContactInput, response: { 200: envelope(emergencyContact), ...errors } } },
    async (req) => ({
      data: await profiles.saveEmergencyContact(actorOf(req), req.body),
      message: message('dataSaved', requestLocale(req)),
    }),
  );

  app.get('/client/preferences', { schema: { tags, security, response: { 200: envelope(clientPreferences), ...errors } } }, async (req) => ({
    data: await profiles.preferences(actorOf(req)),
  }));

  app.put(
    '/client/preferences',
    { schema: { tags, security, body: clientPreferencesInput, response: { 200: envelope(clientPreferences), ...errors } } },
    async (req) => ({
      data: await profiles.updatePreferences(actorOf(req), req.body),
      message: message('dataSaved', requestLocale(req)),
    }),
  );

  app.get('/client/avatars', { schema: { tags, security, response: { 200: envelope(z.array(avatar)), ...errors } } }, async (req) => ({
    data: await profiles.avatars(actorOf(req)),
  }));

  app.post(
    '/client/avatar/:avatarIdentifier',
    { schema: { tags, security, params: avatarParams, response: { 200: envelope(photoResponse), ...errors } } },
    async (req) => ({
      data: await profiles.chooseAvatar(actorOf(req), req.params.avatarIdentifier),
      message: message('imageChanged', requestLocale(req)),
    }),
  );

  app.post('/client/profile-picture', { schema: { tags, security, consumes: ['multipart/form-data'], response: { 200: envelope(photoResponse), ...errors } } }, async (req) => ({
    data: await profiles.uploadPicture(actorOf(req), await uploadedFile(req)),
    message: message('imageChanged', requestLocale(req)),
  }));

  app.delete('/client/profile-picture', { schema: { tags, security, response: { 200: envelope(photoResponse), ...errors } } }, async (req) => ({
    data: await profiles.deletePicture(actorOf(req)),
    message: message('imageDeleted', requestLocale(req)),
  }));
};
