import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createQualification,
  deleteIndemnityInsurance,
  deleteQualification,
  deleteQualificationFile,
  getIndemnityInsurance,
  listQualifications,
  replaceQualificationFile,
  updateQualification,
  uploadIndemnityInsurance,
} from '@therapy/contracts/endpoints/credentials';
import { message } from '@therapy/contracts/messages';
import { actorOf } from '../../platform/auth/plugin.ts';
import { uploadedParts } from '../../platform/files/uploads.ts';
import { route } from '../../platform/http/route.ts';
import { requestLocale } from '../../platform/locale.ts';
import { CREDENTIAL_MAX_FILES_PER_UPLOAD, type CredentialsService } from './credentials.service.ts';

/** Qualifications and indemnity insurance (spec §7 "Provider"; paths the spec leaves open: decision 0025). */
export const credentialsRoutes: FastifyPluginAsyncZod<{ credentials: CredentialsService }> = async (
  app,
  { credentials },
) => {
  const uploaded = 'fileUploadSuccessful' as const;

  route(app, listQualifications, async (req) => ({ data: await credentials.list(actorOf(req)) }));

  route(app, createQualification, async (req, reply) =>
    reply.code(201).send({
      data: await credentials.create(actorOf(req), await uploadedParts(req, 'files', CREDENTIAL_MAX_FILES_PER_UPLOAD)),
      message: message(uploaded, requestLocale(req)),
    }),
  );

  route(app, updateQualification, async (req) => ({
    data: await credentials.update(
      actorOf(req),
      req.params.id,
      await uploadedParts(req, 'files', CREDENTIAL_MAX_FILES_PER_UPLOAD),
    ),
    message: message('fileUpdatedSuccessfully', requestLocale(req)),
  }));

  route(app, deleteQualification, async (req) => {
    await credentials.remove(actorOf(req), req.params.id);
    return { message: message('fileDeleted', requestLocale(req)) };
  });

  route(app, replaceQualificationFile, async (req) => ({
    data: await credentials.replaceFile(
      actorOf(req),
      req.params.id,
      req.params.fileId,
      await uploadedParts(req, 'file', 1),
    ),
    message: message('fileUpdatedSuccessfully', requestLocale(req)),
  }));

  route(app, deleteQualificationFile, async (req) => ({
    data: await credentials.removeFile(actorOf(req), req.params.id, req.params.fileId),
    message: message('fileDeleted', requestLocale(req)),
  }));

  route(app, getIndemnityInsurance, async (req) => ({ data: await credentials.insurance(actorOf(req)) }));

  route(app, uploadIndemnityInsurance, async (req, reply) =>
    reply.code(201).send({
      data: await credentials.addInsurance(actorOf(req), await uploadedParts(req, 'file', 1)),
      message: message(uploaded, requestLocale(req)),
    }),
  );

  route(app, deleteIndemnityInsurance, async (req) => ({
    data: await credentials.removeInsurance(actorOf(req), req.params.fileId),
    message: message('fileDeleted', requestLocale(req)),
  }));
};
