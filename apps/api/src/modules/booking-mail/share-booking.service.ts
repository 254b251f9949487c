import type { ShareBookingInput } from '@therapy/contracts/bookings';
import type { AppDeps } from '../../deps.ts';
import { requireAccess, requireLiveAccount, type Actor } from '../../platform/auth/access.ts';
import type { BookingFactsSource } from '../../platform/booking-facts.ts';
import { AppError } from '../../platform/errors.ts';
import type { UserModule } from '../user/user.module.ts';
import { composeBookingMail } from './booking-mail.ts';
import { bookingSharesRepository as repo } from './booking-shares.repository.ts';

/** Shares one user may send per hour (issue 15: POST /share-booking is rate-limited per user). */
export const SHARES_PER_HOUR = 10;
const HOUR_MS = 3_600_000;

/**
 * POST /share-booking: a party of the booking mails it (time, place and, for a confirmed session, the .ics) to an
 * address. Someone else's booking is 404 like a missing one; more than SHARES_PER_HOUR in an hour is 429. The share
 * is recorded and the mail queued in one transaction, under a per-user lock, so concurrent requests cannot pass the
 * limit together.
 */
export function createShareBookingService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mail'>,
  users: Pick<UserModule, 'findActiveUser'>,
  facts: BookingFactsSource,
) {
  return {
    async share(actor: Actor, input: ShareBookingInput): Promise<void> {
      const me = requireLiveAccount(actor, await users.findActiveUser(actor.userId));
      const booking = await facts(input.bookingIdentifier);
      requireAccess(
        actor,
        'read',
        booking && { kind: 'booking', clientId: booking.clientId, providerId: booking.providerId },
      );
      const recipient = actor.userId === booking!.clientId ? 'client' : 'provider';
      await deps.db.transaction(async (tx) => {
        const now = deps.clock.now();
        await repo.lockUser(tx, actor.userId);
        const recent = await repo.recent(tx, actor.userId, new Date(now.getTime() - HOUR_MS));
        if (recent.count >= SHARES_PER_HOUR) {
          throw AppError.tooManyRequests(
            ((recent.oldest?.getTime() ?? now.getTime()) + HOUR_MS - now.getTime()) / 1000,
          );
        }
        await repo.insert(tx, booking!.identifier, actor.userId, now);
        const locale = me.locale === 'de' ? 'de' : 'en';
        // Someone the sharer knows: the times are shown in the sharer's zone, which the mail names.
        const to = { email: input.email, locale, firstName: null, timezone: me.timezone ?? null } as const;
        const ics = booking!.status === 'confirmed' && booking!.startsAt ? 'REQUEST' : undefined;
        const self = {
          email: me.email,
          locale,
          firstName: me.firstName ?? null,
          timezone: me.timezone ?? null,
        } as const;
        const parties =
          recipient === 'client' ? { client: self, provider: undefined } : { client: undefined, provider: self };
        await deps.mail.queue(tx, composeBookingMail(deps, booking!, 'shared', recipient, to, parties, ics));
      });
    },
  };
}
export type ShareBookingService = ReturnType<typeof createShareBookingService>;
