import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptClientInvitation,
  deleteClientRecord,
  inviteClientRecord,
  updateClientRecord,
  getClientRelation,
  importClientByEmail,
  importClientManually,
  importClientsCsv,
  listClients,
} from '@therapy/contracts/endpoints/clients';
import { message } from '@therapy/contracts/messages';
import { actorOf } from '../../platform/auth/plugin.ts';
import { uploadedParts } from '../../platform/files/uploads.ts';
import { route } from '../../platform/http/route.ts';
import { requestLocale } from '../../platform/locale.ts';
import { requestOrigin } from '../../platform/record-access-log.ts';
import type { ClientsService } from './clients.service.ts';

/** A provider's clients and client import (issue 17), and a client's acceptance of an invitation. */
export const clientsRoutes: FastifyPluginAsyncZod<{ clients: ClientsService }> = async (app, { clients }) => {
  route(app, listClients, async (req) => clients.list(actorOf(req), req.query));
  route(app, getClientRelation, async (req) => ({
    data: await clients.relation(actorOf(req), requestOrigin(req), req.params.id),
  }));
  route(app, importClientManually, async (req, reply) =>
    reply.code(201).send({
      data: await clients.importManually(actorOf(req), req.body),
      message: message('clientImportSaved', requestLocale(req)),
    }),
  );
  route(app, importClientByEmail, async (req, reply) =>
    reply.code(201).send({
      data: await clients.importByEmail(actorOf(req), req.body),
      message: message('mailSent', requestLocale(req)),
    }),
  );
  route(app, importClientsCsv, async (req, reply) => {
    const locale = requestLocale(req);
    const result = await clients.importCsv(actorOf(req), await uploadedParts(req, 'file', 1), locale);
    return reply.code(result.committed ? 201 : 200).send({
      data: result,
      ...(result.committed ? { message: message('csvImported', locale, { count: result.validRows }) } : {}),
    });
  });
  route(app, updateClientRecord, async (req) => ({
    data: await clients.updateRecord(actorOf(req), req.params.id, req.body),
    message: message('clientRecordSaved', requestLocale(req)),
  }));
  route(app, deleteClientRecord, async (req) => {
    await clients.deleteRecord(actorOf(req), req.params.id);
    return { message: message('clientRecordDeleted', requestLocale(req)) };
  });
  route(app, inviteClientRecord, async (req) => ({
    data: await clients.inviteRecord(actorOf(req), req.params.id),
    message: message('clientInvitationSent', requestLocale(req)),
  }));
  route(app, acceptClientInvitation, async (req) => ({
    data: await clients.acceptInvitation(actorOf(req), req.body.token),
    message: message('clientInviteAccepted', requestLocale(req)),
  }));
};
