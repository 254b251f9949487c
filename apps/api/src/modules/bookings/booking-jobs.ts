import { en } from '@therapy/contracts/messages';
import type { AppDeps } from '../../deps.ts';
import type { WalletModule } from '../wallet/wallet.module.ts';
import { bookingsRepository as repo } from './bookings.repository.ts';
import { changesRepository } from './changes/changes.repository.ts';
import { earningReference } from './earning-references.ts';

export const EXPIRE_BOOKINGS_QUEUE = 'bookings.expire-holds';
export const COMPLETE_BOOKINGS_QUEUE = 'bookings.complete';
const BATCH = 200;

/**
 * The bookings' clock work (DESIGN.md §6): unpaid holds expire after 30 minutes, and a confirmed session that has
 * ended becomes `completed` with its money moved from escrow to the provider's earnings (minus the commission), in
 * the same transaction (an open reschedule request of it is closed). Both take rows with SKIP LOCKED, so several instances (or a run that overlaps the next) never
 * handle one booking twice; the ledger posts once per reference as a second guard.
 */
export function createBookingJobs(
  deps: Pick<AppDeps, 'db' | 'clock' | 'events' | 'config' | 'jobs'>,
  { wallet }: { wallet: Pick<WalletModule, 'transfer'> },
) {
  const { clock, events, config } = deps;

  /** Expires every pending booking whose hold has run out; returns how many. */
  async function expireHolds(): Promise<number> {
    let total = 0;
    for (;;) {
      const expired = await events.transaction(async (tx) => {
        const rows = await repo.expireStaleHolds(tx, clock.now(), BATCH);
        for (const b of rows) {
          await changesRepository.addHistory(tx, {
            bookingId: b.identifier,
            status: 'expired',
            previousStatus: 'pending',
            actor: 'system',
            actorId: null,
            at: clock.now(),
          });
          await events.publish(tx, 'booking.changed', {
            bookingId: b.identifier,
            clientId: b.clientId,
            providerId: b.providerId,
            change: 'expired',
            status: 'expired',
            previousStatus: 'pending',
            startTime: b.startsAt?.toISOString() ?? null,
            endTime: b.endsAt?.toISOString() ?? null,
          });
        }
        return rows.length;
      });
      total += expired;
      if (expired < BATCH) return total;
    }
  }

  /** Completes every confirmed booking whose session has ended, paying the provider; returns how many. */
  async function completeEnded(): Promise<number> {
    let total = 0;
    for (;;) {
      const done = await events.transaction(async (tx) => {
        const now = clock.now();
        const rows = await repo.dueForCompletion(tx, now, BATCH);
        for (const b of rows) {
          if (b.priceAmount > 0) {
            await wallet.transfer(
              {
                userId: b.providerId,
                amount: b.priceAmount,
                currencyCode: b.currencyCode,
                reference: earningReference.completed(b.identifier),
                description: en.bookingEarningEntry,
                commissionRate: config.commissionRate,
              },
              tx,
            );
          }
          await repo.update(tx, b.identifier, { status: 'completed', previousStatus: 'confirmed', completedAt: now });
          // A request to move a session that has now taken place is moot: closed (rejected by `system`), as a cancel closes it.
          const request = await changesRepository.pendingReschedule(tx, b.identifier);
          if (request) await changesRepository.decideReschedule(tx, request.identifier, 'rejected', now, 'system');
          await changesRepository.addHistory(tx, {
            bookingId: b.identifier,
            status: 'completed',
            previousStatus: 'confirmed',
            actor: 'system',
            actorId: null,
            at: now,
          });
          await events.publish(tx, 'booking.changed', {
            bookingId: b.identifier,
            clientId: b.clientId,
            providerId: b.providerId,
            change: 'completed',
            status: 'completed',
            previousStatus: 'confirmed',
            startTime: b.startsAt?.toISOString() ?? null,
            endTime: b.endsAt?.toISOString() ?? null,
          });
        }
        return rows.length;
      });
      total += done;
      if (done < BATCH) return total;
    }
  }

  return {
    expireHolds,
    completeEnded,
    async start(): Promise<void> {
      await deps.jobs.schedule(EXPIRE_BOOKINGS_QUEUE, '* * * * *', async () => void (await expireHolds()));
      await deps.jobs.schedule(COMPLETE_BOOKINGS_QUEUE, '*/5 * * * *', async () => void (await completeEnded()));
    },
  };
}
