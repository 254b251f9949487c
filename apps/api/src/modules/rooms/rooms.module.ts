import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { LiveSockets } from '../../platform/http/live-sockets.ts';
import { roomsRoutes } from './rooms.routes.ts';
import { createRoomsService, type RoomsPorts } from './rooms.service.ts';

/**
 * The rooms module's face (issue 19): an online booking's 1:1 video room. It reads bookings through the BookingFacts
 * port and relays the parties' signals over the live sockets: a signal received on one instance is stored and
 * announced (`room.signal`), and every instance hands it to the recipient's sockets it holds.
 */
export function createRoomsModule(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'events'>,
  ports: RoomsPorts & { live: LiveSockets },
) {
  const rooms = createRoomsService(deps, ports);
  const { live } = ports;
  live.handle('room.signal', rooms.signal);
  // Delivered one after the other, in the order the events came (commit order): an offer before its candidates.
  let deliveries = Promise.resolve();
  deps.events.subscribe(
    'room.signal',
    ({ signalId, to }) => {
      const next = deliveries.then(async () => {
        const delivery = await rooms.delivery(signalId);
        if (delivery) live.sendTo(to, delivery.message);
      });
      // The chain goes on after a failure; the event bus logs it (the handler returns this delivery).
      deliveries = next.catch(() => undefined);
      return next;
    },
    { everyInstance: true },
  );
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(roomsRoutes, { rooms });
  };
  return {
    name: 'rooms' as const,
    plugin,
  };
}
export type RoomsModule = ReturnType<typeof createRoomsModule>;
