import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createAppointment,
  createBooking,
  createBookingSeries,
  getAppointment,
  getBooking,
  getBookingDetails,
  getBookingSeries,
  getBookingSettings,
  getParticipantBooking,
  listAppointments,
  listBookings,
  listClientAppointments,
  listProviderClients,
  payBooking,
  scheduleBooking,
  setParticipantStatus,
  updateBookingSettings,
} from '@therapy/contracts/endpoints/bookings';
import { message } from '@therapy/contracts/messages';
import { actorOf } from '../../platform/auth/plugin.ts';
import { route } from '../../platform/http/route.ts';
import { requestLocale } from '../../platform/locale.ts';
import type { BookingsService } from './bookings.service.ts';

/** Spec §7 "Bookings and appointments": book, pay, schedule, list and read (client under /booking, provider under /appointment). */
export const bookingsRoutes: FastifyPluginAsyncZod<{ bookings: BookingsService }> = async (app, { bookings }) => {
  route(app, listBookings, async (req) => bookings.list(actorOf(req), 'client', req.query));
  route(app, createBooking, async (req, reply) => {
    const booking = await bookings.create(actorOf(req), req.body);
    return reply.code(201).send({
      data: booking,
      message: message(
        booking.status === 'requested'
          ? 'bookingRequested'
          : booking.status === 'confirmed'
            ? 'bookingPaid'
            : 'bookingCreated',
        requestLocale(req),
      ),
    });
  });
  route(app, createBookingSeries, async (req, reply) => {
    const series = await bookings.createSeries(actorOf(req), req.body);
    return reply.code(201).send({
      data: series,
      message: message(series[0]?.status === 'requested' ? 'bookingRequested' : 'bookingCreated', requestLocale(req)),
    });
  });
  route(app, getBooking, async (req) => ({ data: await bookings.get(actorOf(req), req.params.id) }));
  route(app, getBookingDetails, async (req) => ({
    data: await bookings.details(actorOf(req), req.params.id, 'client'),
  }));
  route(app, getBookingSeries, async (req) => ({ data: await bookings.series(actorOf(req), req.params.id) }));
  route(app, payBooking, async (req) => ({
    // The contract requires the header (400 without it).
    data: await bookings.pay(actorOf(req), req.params.id, String(req.headers['idempotency-key'])),
    message: message('bookingPaid', requestLocale(req)),
  }));
  route(app, scheduleBooking, async (req) => ({
    data: await bookings.schedule(actorOf(req), req.params.id, req.body.timeslotIdentifier),
    message: message('scheduled', requestLocale(req)),
  }));
  route(app, getParticipantBooking, async (req) => ({ data: await bookings.participant(actorOf(req), req.params.id) }));
  route(app, setParticipantStatus, async (req) => ({
    data: await bookings.setAttendance(actorOf(req), req.params.id, req.body.status),
    message: message('attendanceSaved', requestLocale(req)),
  }));

  route(app, listAppointments, async (req) => bookings.list(actorOf(req), 'provider', req.query));
  route(app, createAppointment, async (req, reply) =>
    reply.code(201).send({
      data: await bookings.createAppointment(actorOf(req), req.body),
      message: message('appointmentCreated', requestLocale(req)),
    }),
  );
  route(app, listProviderClients, async (req) => ({ data: await bookings.clients(actorOf(req)) }));
  route(app, listClientAppointments, async (req) => bookings.list(actorOf(req), 'provider', req.query, req.params.id));
  route(app, getAppointment, async (req) => ({
    data: await bookings.details(actorOf(req), req.params.id, 'provider'),
  }));
  route(app, getBookingSettings, async (req) => ({ data: await bookings.settings(actorOf(req)) }));
  route(app, updateBookingSettings, async (req) => ({
    data: await bookings.updateSettings(actorOf(req), req.body.requiresApproval),
    message: message('bookingSettingsSaved', requestLocale(req)),
  }));
};
