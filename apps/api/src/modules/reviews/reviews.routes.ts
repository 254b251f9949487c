import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createReview,
  getBookingReview,
  getParticipantReview,
  listProviderReviews,
  updateReview,
} from '@therapy/contracts/endpoints/reviews';
import { message } from '@therapy/contracts/messages';
import { actorOf } from '../../platform/auth/plugin.ts';
import { route } from '../../platform/http/route.ts';
import { requestLocale } from '../../platform/locale.ts';
import type { ReviewsService } from './reviews.service.ts';

/** Spec §7 "Reviews": write once, edit once, read one's own, a booking's, and a provider's (public, paged). */
export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (app, { reviews }) => {
  route(app, getParticipantReview, async (req) => ({ data: await reviews.ofParticipant(actorOf(req), req.params.id) }));
  route(app, createReview, async (req, reply) =>
    reply.code(201).send({
      data: await reviews.create(actorOf(req), req.params.id, req.body),
      message: message('reviewSaved', requestLocale(req)),
    }),
  );
  route(app, updateReview, async (req) => ({
    data: await reviews.update(actorOf(req), req.params.id, req.body),
    message: message('reviewUpdated', requestLocale(req)),
  }));
  route(app, getBookingReview, async (req) => ({ data: await reviews.ofBooking(actorOf(req), req.params.id) }));
  route(app, listProviderReviews, async (req) => reviews.ofProvider(req.params.id, req.query.page, req.query.pageSize));
};
