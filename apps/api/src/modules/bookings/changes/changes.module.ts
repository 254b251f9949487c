import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../../deps.ts';
import type { AvailabilityModule } from '../../availability/availability.module.ts';
import type { WalletModule } from '../../wallet/wallet.module.ts';
import { bookingChangesRoutes } from './changes.routes.ts';
import { createBookingChangesService } from './changes.service.ts';

/**
 * Changing a booking (issue 15): cancel with its refund, the cancellation and reschedule policies, reschedule with
 * its limits and approval, the answer to a reschedule request, and acknowledge / reject of a requested booking. It
 * uses the wallet (refunds) and availability (the new timeslot, checked again) faces; every change publishes
 * `booking.changed`. Folded into the bookings module at merge.
 */
export function createBookingChangesModule(
  deps: Pick<AppDeps, 'db' | 'clock' | 'events'>,
  faces: { wallet: Pick<WalletModule, 'refund' | 'transfer'>; availability: Pick<AvailabilityModule, 'verifyTimeslot'> },
) {
  const changes = createBookingChangesService(deps, faces);
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(bookingChangesRoutes, { changes });
  };
  return { name: 'booking-changes' as const, plugin };
}
export type BookingChangesModule = ReturnType<typeof createBookingChangesModule>;
