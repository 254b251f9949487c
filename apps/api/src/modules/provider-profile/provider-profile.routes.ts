import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getProviderProfile,
  setupProvider,
  updateProviderInfo,
  uploadProviderPhoto,
} from '@therapy/contracts/endpoints/provider-profile';
import { message } from '@therapy/contracts/messages';
import { uploadedFile } from '../../platform/files/uploads.ts';
import { actorOf } from '../../platform/auth/plugin.ts';
import { route } from '../../platform/http/route.ts';
import { requestLocale } from '../../platform/locale.ts';
import type { ProviderProfileService } from './provider-profile.service.ts';

/** A provider's own profile: spec §7 `GET /provider`, `POST /provider/update/info`, `POST /provider/update/photo`. */
export const providerProfileRoutes: FastifyPluginAsyncZod<{ profiles: ProviderProfileService }> = async (
  app,
  { profiles },
) => {
  route(app, getProviderProfile, async (req) => ({
    data: await profiles.get(actorOf(req)),
  }));

  route(app, updateProviderInfo, async (req) => ({
    data: await profiles.updateInfo(actorOf(req), req.body),
    message: message('dataSaved', requestLocale(req)),
  }));

  route(app, setupProvider, async (req) => ({
    data: await profiles.setup(actorOf(req), req.body),
    message: message('dataSaved', requestLocale(req)),
  }));

  route(app, uploadProviderPhoto, async (req) => ({
    data: await profiles.updatePhoto(actorOf(req), await uploadedFile(req)),
    message: message('imageChanged', requestLocale(req)),
  }));
};
