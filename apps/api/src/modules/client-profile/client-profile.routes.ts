import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chooseAvatar,
  deleteClientPicture,
  getClientPreferences,
  getClientProfile,
  getClientProfileById,
  getEmergencyContact,
  listAvatars,
  saveEmergencyContact,
  updateClientPreferences,
  updateClientProfile,
  uploadClientPicture,
} from '@therapy/contracts/endpoints/client-profile';
import { message } from '@therapy/contracts/messages';
import { uploadedFile } from '../../platform/files/uploads.ts';
import { actorOf } from '../../platform/auth/plugin.ts';
import { route } from '../../platform/http/route.ts';
import { requestLocale } from '../../platform/locale.ts';
import type { ClientProfileService } from './client-profile.service.ts';

/** A client's own profile, emergency contact, preferences and picture: spec §7 "Profile and client". */
export const clientProfileRoutes: FastifyPluginAsyncZod<{ profiles: ClientProfileService }> = async (
  app,
  { profiles },
) => {
  route(app, getClientProfile, async (req) => ({
    data: await profiles.get(actorOf(req)),
  }));

  route(app, updateClientProfile, async (req) => ({
    data: await profiles.update(actorOf(req), req.body),
    message: message('dataSaved', requestLocale(req)),
  }));

  route(app, getClientProfileById, async (req) => ({
    data: await profiles.getById(actorOf(req), req.params.id),
  }));

  route(app, getEmergencyContact, async (req) => ({
    data: await profiles.emergencyContact(actorOf(req)),
  }));

  route(app, saveEmergencyContact, async (req) => ({
    data: await profiles.saveEmergencyContact(actorOf(req), req.body),
    message: message('dataSaved', requestLocale(req)),
  }));

  route(app, getClientPreferences, async (req) => ({
    data: await profiles.preferences(actorOf(req)),
  }));

  route(app, updateClientPreferences, async (req) => ({
    data: await profiles.updatePreferences(actorOf(req), req.body),
    message: message('dataSaved', requestLocale(req)),
  }));

  route(app, listAvatars, async (req) => ({
    data: await profiles.avatars(actorOf(req)),
  }));

  route(app, chooseAvatar, async (req) => ({
    data: await profiles.chooseAvatar(actorOf(req), req.params.avatarIdentifier),
    message: message('imageChanged', requestLocale(req)),
  }));

  route(app, uploadClientPicture, async (req) => ({
    data: await profiles.uploadPicture(actorOf(req), await uploadedFile(req)),
    message: message('imageChanged', requestLocale(req)),
  }));

  route(app, deleteClientPicture, async (req) => ({
    data: await profiles.deletePicture(actorOf(req)),
    message: message('imageDeleted', requestLocale(req)),
  }));
};
