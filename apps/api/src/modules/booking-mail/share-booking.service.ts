import crypto from 'node:crypto';
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

/** The namespace of shares' UIDs (a fixed random UUID): no other name-based UUID of the app can equal a share's. */
const SHARE_NAMESPACE = Buffer.from('6f1c2a8e4b7d4e3a9c5f0d2b8a1e7c43', 'hex');

/**
 * The UID of a share's .ics (decision 0065): a name-based UUID (RFC 9562 version 5) of the booking and the address it
 * went to, so a second share to the same address updates the copy in that calendar, and it is never the booking's own
 * UID: the copy cannot stand for, move or remove the parties' event.
 */
export function shareUid(bookingId: string, email: string): string {
  const hash = crypto
    .createHash('sha1')
    .update(SHARE_NAMESPACE)
    .update(`${bookingId}\n${email.trim().toLowerCase()}`)
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * POST /share-booking: a party of the booking mails it (time, place and, for a confirmed session, the .ics) to an
 * address. The .ics is an information copy (METHOD:PUBLISH, the share's own UID, no attendees): the recipient is
 * neither organizer nor attendee of the session. Someone else's booking is 404 like a missing one; more than SHARES_PER_HOUR in an hour is 429. The share
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
        const ics =
          booking!.status === 'confirmed' && booking!.startsAt
            ? { method: 'PUBLISH' as const, uid: shareUid(booking!.identifier, input.email) }
            : undefined;
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
