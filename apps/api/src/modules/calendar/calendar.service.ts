import crypto from 'node:crypto';
import type { CalendarFeed } from '@therapy/contracts/calendar';
import { CALENDAR_TOKEN_LENGTH } from '@therapy/contracts/calendar';
import type { AppDeps } from '../../deps.ts';
import { requireLiveAccount, requireRole, type Actor } from '../../platform/auth/access.ts';
import type { BookingFacts } from '../../platform/booking-facts.ts';
import { hashToken, safeEqual } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { buildIcsFeed, icsSequence, organizerOnBehalf, type IcsFeedEvent } from '../../platform/ics.ts';
import type { UserModule } from '../user/user.module.ts';
import { calendarRepository as repo, type CalendarFeedRow } from './calendar.repository.ts';

export interface CalendarPorts {
  users: Pick<UserModule, 'findActiveUser'>;
  /** The bookings module's facts of a user's active bookings that end after `since`. */
  calendarOf: (userId: string, since: Date) => Promise<BookingFacts[]>;
}

/** How far back the feed keeps sessions (calendar apps drop what the feed no longer lists). */
const PAST_DAYS = 30;
const ID_BYTES = 18; // 24 base64url characters
const SIGNATURE_CHARS = CALENDAR_TOKEN_LENGTH - 24;

const texts = {
  en: {
    calendar: 'Therapy sessions',
    awaiting: 'Awaiting confirmation.',
    open: 'Open the booking',
    deleted: 'a deleted account',
    session: 'Therapy session',
  },
  de: {
    calendar: 'Therapiesitzungen',
    awaiting: 'Wartet auf Bestätigung.',
    open: 'Buchung öffnen',
    deleted: 'ein gelöschtes Konto',
    session: 'Therapiesitzung',
  },
} as const;

/**
 * The calendar feed (issue 19; decision 0031): a private address per user that calendar apps subscribe to. The token
 * is a random id and its HMAC (a key derived from JWT_SECRET); the table keeps the id and the token's SHA-256, so the
 * address can be shown again without being stored, and a copy of the database alone opens no feed. The feed lists the
 * user's active bookings with a time (and those held in the last 30 days) as events with the booking's id as UID and
 * a SEQUENCE that grows with every change, so a calendar app updates a rescheduled session in place and drops a
 * cancelled one.
 */
export function createCalendarService(deps: AppDeps, ports: CalendarPorts) {
  const { db, clock, config } = deps;
  const key = crypto.createHmac('sha256', config.jwtSecret).update('calendar-feed').digest();
  const signature = (userId: string, feedId: string) =>
    crypto.createHmac('sha256', key).update(`${userId}.${feedId}`).digest('base64url').slice(0, SIGNATURE_CHARS);
  const tokenOf = (row: Pick<CalendarFeedRow, 'userId' | 'feedId'>) =>
    `${row.feedId}${signature(row.userId, row.feedId)}`;

  const view = (row: CalendarFeedRow): CalendarFeed => {
    const url = `${config.appOrigin}/api/v1/calendar/feed/${tokenOf(row)}.ics`;
    return { url, webcalUrl: url.replace(/^https?:/, 'webcal:'), createdAt: row.createdAt.toISOString() };
  };

  const fresh = (userId: string) => {
    const feedId = crypto.randomBytes(ID_BYTES).toString('base64url');
    return { userId, feedId, tokenHash: hashToken(tokenOf({ userId, feedId })), createdAt: clock.now() };
  };

  const owner = async (actor: Actor) =>
    requireLiveAccount(actor, await ports.users.findActiveUser(requireRole(actor, 'client', 'provider').userId));

  const eventOf = (
    facts: BookingFacts & { startsAt: Date; endsAt: Date },
    viewerId: string,
    t: (typeof texts)['en' | 'de'],
  ): IcsFeedEvent => {
    const other = (viewerId === facts.clientId ? facts.providerName : facts.clientName) ?? t.deleted;
    const tentative = facts.status === 'requested' || facts.status === 'pending';
    const link = `${config.appOrigin}/appointments/${facts.identifier}`;
    return {
      uid: facts.identifier,
      sequence: icsSequence(facts.updatedAt),
      startsAt: facts.startsAt,
      endsAt: facts.endsAt,
      stampedAt: facts.updatedAt,
      tentative,
      summary: `${facts.therapyName || t.session}: ${other}`,
      description: [tentative ? t.awaiting : '', `${t.open}: ${link}`].filter(Boolean).join('\n'),
      location: facts.meetingLink ?? facts.address,
      url: link,
      // RFC 5546 asks a PUBLISH for its ORGANIZER: the platform's address on behalf of the provider (decision 0065),
      // so the feed names nobody's own address.
      organizer: organizerOnBehalf(config.mailFrom, facts.providerName),
    };
  };

  return {
    /** The caller's address, made on first ask. */
    async address(actor: Actor): Promise<CalendarFeed> {
      const me = await owner(actor);
      return view((await repo.find(db, me.identifier)) ?? (await repo.create(db, fresh(me.identifier))));
    },

    /** A new address; the old one is not found from now on. */
    async reset(actor: Actor): Promise<CalendarFeed> {
      const me = await owner(actor);
      return view(await repo.replace(db, fresh(me.identifier)));
    },

    /** The feed of a token: RFC 5545 text; a malformed, unknown, reset or forged token (or a gone account) is not found. */
    async feed(token: string): Promise<string> {
      if (token.length !== CALENDAR_TOKEN_LENGTH || !/^[A-Za-z0-9_-]+$/.test(token)) throw AppError.notFound();
      const row = await repo.byTokenHash(db, hashToken(token));
      if (!row || !safeEqual(token, tokenOf(row))) throw AppError.notFound();
      const user = await ports.users.findActiveUser(row.userId);
      if (!user) throw AppError.notFound();
      const now = clock.now();
      const t = texts[user.locale === 'de' ? 'de' : 'en'];
      const facts = await ports.calendarOf(user.identifier, new Date(now.getTime() - PAST_DAYS * 86_400_000));
      const events = facts
        .filter((f): f is BookingFacts & { startsAt: Date; endsAt: Date } => f.startsAt !== null && f.endsAt !== null)
        .map((f) => eventOf(f, user.identifier, t));
      await repo.touch(db, user.identifier, now);
      return buildIcsFeed(t.calendar, events);
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
