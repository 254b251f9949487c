import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, errorBody } from '@therapy/contracts/common';
import { message } from '@therapy/contracts/messages';
import { photoResponse, providerInfoInput, providerProfile, providerSetupInput } from '@therapy/contracts/profile';
import { uploadedFile } from '../../platform/files/uploads.ts';
import { actorOf } from '../../platform/auth/plugin.ts';
import { requestLocale } from '../../platform/locale.ts';
import type { ProviderProfileService } from './provider-profile.service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 413: errorBody };

/** A provider's own profile: spec §7 `GET /provider`, `POST /provider/update/info`, `POST /provider/update/photo`. */
export const providerProfileRoutes: FastifyPluginAsyncZod<{ profiles: ProviderProfileService }> = async (app, { profiles }) => {
  const tags = ['provider'];
  const security = [{ bearer: [] }];
  // Before the body is read: a caller without a provider token learns nothing about the route's rules.
  app.addHook('onRequest', app.requireRole('provider'));

  app.get('/provider', { schema: { tags, security, response: { 200: envelope(providerProfile), ...errors } } }, async (req) => ({
    data: await profiles.get(actorOf(req)),
  }));

  app.post('/provider/update/info', { schema: { tags, security, body: providerInfoInput, response: { 200: envelope(providerProfile), ...errors } } }, async (req) => ({
    data: await profiles.updateInfo(actorOf(req), req.body),
    message: message('dataSaved', requestLocale(req)),
  }));

  app.post('/provider/setup', { schema: { tags, security, body: providerSetupInput, response: { 200: envelope(providerProfile), ...errors } } }, async (req) => ({
    data: await profiles.setup(actorOf(req), req.body),
    message: message('dataSaved', requestLocale(req)),
  }));

  app.post('/provider/update/photo', { schema: { tags, security, consumes: ['multipart/form-data'], response: { 200: envelope(photoResponse), ...errors } } }, async (req) => ({
    data: await profiles.updatePhoto(actorOf(req), await uploadedFile(req)),
    message: message('imageChanged', requestLocale(req)),
  }));
};
