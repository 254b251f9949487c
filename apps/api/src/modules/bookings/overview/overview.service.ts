import { TZDate } from '@date-fns/tz';
import type { Booking, ClientOverview, ProviderOverview } from '@therapy/contracts/bookings';
import type { AppDeps } from '../../../deps.ts';
import type { Actor } from '../../../platform/auth/access.ts';
import type { WalletModule } from '../../wallet/wallet.module.ts';
import { changesRepository } from '../changes/changes.repository.ts';
import { fieldEncryptionFromConfig } from '../../../platform/field-encryption.ts';
import { createBookingTexts } from '../booking-texts.ts';
import { toBooking } from '../changes/changes.service.ts';
import { overviewRepository as repo } from './overview.repository.ts';

const TO_REVIEW_SHOWN = 3;
const THERAPISTS_SHOWN = 6;
const REQUESTS_SHOWN = 5;

/** A zone the runtime knows, else UTC (an account may hold none, or one from before a zone database change). */
const knownZone = (zone: string | null): string => {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
};

/** The local day and month around `now` in `zone`, as instants: [start of day, start of next day), [start of month, next month). */
export function calendarBounds(now: Date, zone: string) {
  const local = new TZDate(now.getTime(), zone);
  const [y, m, d] = [local.getFullYear(), local.getMonth(), local.getDate()];
  const at = (year: number, month: number, day: number) => new Date(new TZDate(year, month, day, zone).getTime());
  return { dayStart: at(y, m, d), dayEnd: at(y, m, d + 1), monthStart: at(y, m, 1), monthEnd: at(y, m + 1, 1) };
}

/**
 * The /overview dashboards (issue 16): what a client or a provider needs first when they sign in. Every card is a
 * booking list read through the same view as the booking pages (so links, parties and prices are what those show);
 * the provider's earnings come from the ledger, the one place money is counted.
 */
export function createOverviewService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'files' | 'config'>,
  ports: { wallet: Pick<WalletModule, 'earnedBetween'> },
) {
  const { db, clock } = deps;
  const texts = createBookingTexts(fieldEncryptionFromConfig(deps.config));
  const views = (ids: readonly string[]): Promise<Booking[]> =>
    Promise.all(ids.map(async (id) => toBooking((await changesRepository.view(db, id))!, deps.files.signedUrl, texts)));

  return {
    async client(actor: Actor): Promise<ClientOverview> {
      const now = clock.now();
      const [upcoming, toReview, latest] = await Promise.all([
        repo.upcoming(db, actor.userId, now),
        repo.toReview(db, actor.userId, TO_REVIEW_SHOWN),
        repo.latestWithEachTherapist(db, actor.userId, THERAPISTS_SHOWN),
      ]);
      const [next, reviewable, seen] = await Promise.all([
        views(upcoming.next ? [upcoming.next] : []),
        views(toReview.ids),
        views(latest),
      ]);
      return {
        nextSession: next[0] ?? null,
        upcomingCount: upcoming.count,
        toReview: reviewable,
        toReviewCount: toReview.count,
        therapists: seen.map((b) => b.provider),
      };
    },

    async provider(actor: Actor): Promise<ProviderOverview> {
      const now = clock.now();
      const timezone = knownZone(await repo.timezoneOf(db, actor.userId));
      const { dayStart, dayEnd, monthStart, monthEnd } = calendarBounds(now, timezone);
      const [today, requests, earningsThisMonth] = await Promise.all([
        repo.startingBetween(db, actor.userId, dayStart, dayEnd, now),
        repo.requests(db, actor.userId, now, REQUESTS_SHOWN),
        ports.wallet.earnedBetween(actor.userId, monthStart, monthEnd),
      ]);
      const [todays, waiting] = await Promise.all([views(today), views(requests.ids)]);
      return { timezone, today: todays, requests: waiting, requestsCount: requests.count, earningsThisMonth };
    },
  };
}
export type OverviewService = ReturnType<typeof createOverviewService>;
