import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approveVerification,
  getProviderVerification,
  getVerificationNote,
  getVerificationReview,
  listPractices,
  listVerificationQueue,
  reinstatePractice,
  rejectVerification,
  suspendPractice,
  submitVerification,
} from '@therapy/contracts/endpoints/verification';
import { message } from '@therapy/contracts/messages';
import { actorOf } from '../../platform/auth/plugin.ts';
import { route } from '../../platform/http/route.ts';
import { requestLocale } from '../../platform/locale.ts';
import type { VerificationService } from './verification.service.ts';

/** Provider checklist and submission, operator queue and decisions: HTTP only; access and rules are in the service. */
export const verificationRoutes: FastifyPluginAsyncZod<{ verification: VerificationService }> = async (
  app,
  { verification },
) => {
  route(app, getProviderVerification, async (req) => ({ data: await verification.get(actorOf(req)) }));
  route(app, submitVerification, async (req) => ({
    data: await verification.submit(actorOf(req), requestLocale(req)),
    message: message('verificationSubmitted', requestLocale(req)),
  }));
  route(app, getVerificationNote, async (req) => ({ data: await verification.note(actorOf(req)) }));
  route(app, listVerificationQueue, async (req) => ({ data: await verification.queue(actorOf(req)) }));
  route(app, getVerificationReview, async (req) => ({
    data: await verification.review(actorOf(req), req.params.providerId),
  }));
  route(app, approveVerification, async (req) => {
    const { data, scope } = await verification.approve(actorOf(req), req.params.providerId, req.body);
    return {
      data,
      message: message(scope === 'changes' ? 'changesApproved' : 'verificationApproved', requestLocale(req)),
    };
  });
  route(app, rejectVerification, async (req) => {
    const { data, scope } = await verification.reject(actorOf(req), req.params.providerId, req.body);
    return {
      data,
      message: message(scope === 'changes' ? 'changesRejected' : 'verificationRejected', requestLocale(req)),
    };
  });
  route(app, listPractices, async (req) => ({ data: await verification.practices(actorOf(req), req.query) }));
  route(app, suspendPractice, async (req) => ({
    data: await verification.suspend(actorOf(req), req.params.providerId, req.body),
    message: message('practiceSuspended', requestLocale(req)),
  }));
  route(app, reinstatePractice, async (req) => ({
    data: await verification.reinstate(actorOf(req), req.params.providerId, req.body),
    message: message('practiceReinstated', requestLocale(req)),
  }));
};
