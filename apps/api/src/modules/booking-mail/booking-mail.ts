import type { Locale } from '@therapy/contracts/messages';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import type { BookingFacts, BookingFactsSource } from '../../platform/booking-facts.ts';
import type { DomainEventMap } from '../../platform/events.ts';
import type { MailDraft } from '../../platform/mail/compose-mail.ts';
import type { UserModule } from '../user/user.module.ts';
import { planBookingMails, type BookingMailKind } from './booking-mail-plan.ts';
import { formatMoney } from '@therapy/contracts/money';
import {
  bookingLink,
  bookingMailTexts,
  formatInstant,
  formatSessionTime,
  suggestedSlotLink,
  therapyNameIn,
} from './booking-mail-texts.ts';
import { buildIcs, icsSequence, organizerOnBehalf, type IcsAttendee } from '../../platform/ics.ts';

type Users = Pick<UserModule, 'findActiveUser'>;
type Deps = Pick<AppDeps, 'config' | 'mail' | 'clock'>;

interface Party {
  /** The account, for a party's mail; none for an address a booking is shared with. */
  userId?: string;
  email: string;
  locale: Locale;
  firstName: string | null;
  timezone: string | null;
}

async function partyOf(users: Users, userId: string, tx: Executor): Promise<Party | undefined> {
  const user = await users.findActiveUser(userId, tx);
  if (!user) return undefined;
  return {
    userId,
    email: user.email,
    locale: user.locale === 'de' ? 'de' : 'en',
    firstName: user.firstName ?? null,
    timezone: user.timezone ?? null,
  };
}

/**
 * What a booking mail's .ics is (decision 0065): an invitation of the booking's two parties (REQUEST to add or move the
 * event, CANCEL to remove it, with the booking's id as UID), or an information copy for someone outside the booking
 * (PUBLISH, with the share's own UID, so it never stands for the parties' event in anyone's calendar).
 */
export type BookingCalendar = { method: 'REQUEST' | 'CANCEL' } | { method: 'PUBLISH'; uid: string };

/**
 * Decision 0064: the mails that make or change a session (confirmed, moved, cancelled: with the calendar file, a
 * cancel with its refund) and a shared copy are transactional; the others tell of a step in a booking (a request, a
 * decline, a proposed time, "please pay") and are notifications of the kind "booking updates".
 */
const transactionalKinds: ReadonlySet<BookingMailKind> = new Set(['confirmed', 'rescheduled', 'cancelled', 'shared']);

/**
 * One booking mail for one recipient, with the .ics when `calendar` is set and the booking has a time. The .ics goes
 * as the mail's `icalEvent`: a text/calendar alternative of the body and an attachment (platform/mail/mailer.ts).
 */
export function composeBookingMail(
  deps: Deps,
  facts: BookingFacts,
  kind: BookingMailKind,
  recipient: 'client' | 'provider',
  to: Party,
  others: { client: Party | undefined; provider: Party | undefined },
  calendar: BookingCalendar | undefined,
): MailDraft {
  const locale = to.locale;
  const otherName = recipient === 'client' ? facts.providerName : facts.clientName;
  const anonymous = locale === 'de' ? 'ein gelöschtes Konto' : 'a deleted account';
  const when =
    facts.startsAt && facts.endsAt ? formatSessionTime(facts.startsAt, facts.endsAt, locale, to.timezone) : '';
  const content = bookingMailTexts[locale][kind]({
    name: to.firstName ?? (locale === 'de' ? 'zusammen' : 'there'),
    other: otherName ?? anonymous,
    therapy: therapyNameIn(locale, facts),
    when,
    where: facts.meetingLink ?? facts.address ?? '',
    link: bookingLink(deps.config.appOrigin, facts.identifier),
    due:
      facts.status === 'pending' && facts.holdExpiresAt ? formatInstant(facts.holdExpiresAt, locale, to.timezone) : '',
    reason: facts.status === 'rejected' ? (facts.declineReason ?? '') : '',
    suggestions:
      facts.status === 'rejected'
        ? (facts.suggestedTimes ?? []).map((t) => ({
            when: formatSessionTime(new Date(t.startTime), new Date(t.endTime), locale, to.timezone),
            link: suggestedSlotLink(deps.config.appOrigin, facts.providerId, t.timeslotIdentifier),
          }))
        : [],
    refund:
      facts.status === 'cancelled' && facts.refundAmount
        ? formatMoney(facts.refundAmount, facts.currencyCode, locale === 'de' ? 'de-DE' : 'en-GB')
        : '',
  });
  const mail: MailDraft = {
    to: to.email,
    lang: locale,
    ...content,
    ...(to.userId && !transactionalKinds.has(kind)
      ? { notification: { userId: to.userId, kind: 'bookingUpdates' as const } }
      : {}),
  };
  if (calendar && facts.startsAt && facts.endsAt) {
    const now = deps.clock.now();
    const { method } = calendar;
    // An invitation names the parties who still have an account: the client takes part, the provider leads.
    const attendees: IcsAttendee[] =
      method === 'PUBLISH'
        ? []
        : [
            ...(others.client
              ? [{ name: facts.clientName, email: others.client.email, role: 'REQ-PARTICIPANT' as const }]
              : []),
            ...(others.provider
              ? [{ name: facts.providerName, email: others.provider.email, role: 'CHAIR' as const }]
              : []),
          ];
    mail.icalEvent = {
      method,
      filename: 'session.ics',
      content: buildIcs({
        uid: method === 'PUBLISH' ? calendar.uid : facts.identifier,
        method,
        sequence: icsSequence(now),
        startsAt: facts.startsAt,
        endsAt: facts.endsAt,
        stampedAt: now,
        summary: `${facts.therapyName}: ${recipient === 'client' ? (facts.providerName ?? anonymous) : (facts.clientName ?? anonymous)}`,
        location: facts.meetingLink ?? facts.address,
        organizer: organizerOnBehalf(deps.config.mailFrom, facts.providerName),
        attendees,
      }),
    };
  }
  return mail;
}

/**
 * The `booking.changed` subscriber: inside the booking's transaction it reads the facts and queues the mails of the
 * change (the outbox, decision 0020), so a committed change always gets its mails and a rolled-back one never does.
 */
export function bookingMail(deps: Deps, users: Users, facts: BookingFactsSource) {
  return async (event: DomainEventMap['booking.changed'], tx: Executor): Promise<void> => {
    // The event carries the booking's times: a change that mails nobody (most: a new unpaid booking) reads nothing.
    const times = {
      startsAt: event.startTime ? new Date(event.startTime) : null,
      endsAt: event.endTime ? new Date(event.endTime) : null,
    };
    const planned = planBookingMails(event, times);
    if (planned.length === 0) return;
    const booking = await facts(event.bookingId, tx);
    if (!booking) return;
    const parties = {
      client: await partyOf(users, booking.clientId, tx),
      provider: await partyOf(users, booking.providerId, tx),
    };
    for (const p of planned) {
      const to = parties[p.recipient];
      if (!to) continue; // a deleted account gets no mail
      await deps.mail.queue(
        tx,
        composeBookingMail(deps, booking, p.kind, p.recipient, to, parties, p.ics && { method: p.ics }),
      );
    }
  };
}
