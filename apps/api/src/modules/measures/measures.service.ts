import crypto from 'node:crypto';
import type { RecordAccessAction } from '@therapy/contracts/access-log';
import { m } from '@therapy/contracts/messages';
import type { RiskReviewItem } from '@therapy/contracts/risk-review';
import {
  MEASURE_LINK_DAYS,
  measureAnswers,
  scoreMeasure,
  type Measure,
  type MeasureLinkView,
  type MeasureListQuery,
  type MeasureResult,
  type MeasureSent,
  type MeasureSeries,
  type SendMeasureInput,
} from '@therapy/contracts/measures';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import {
  bookingOf,
  requireAccess,
  requireAccessTo,
  requireFound,
  requireLiveAccount,
  requireRole,
  requireUser,
  type Actor,
} from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import type { DomainEventMap } from '../../platform/events.ts';
import { fieldEncryptionFromConfig } from '../../platform/field-encryption.ts';
import { parseMultipartFields as parseWith } from '../../platform/http/multipart-fields.ts';
import { newId } from '../../platform/ids.ts';
import { logRecordAccess, type RequestOrigin } from '../../platform/record-access-log.ts';
import type { UserModule } from '../user/user.module.ts';
import { measureMailTexts } from './measure-mail.ts';
import {
  measuresRepository as repo,
  type ListedMeasure,
  type MeasureRow,
  type NewMeasure,
  type SeriesRow,
} from './measures.repository.ts';

/**
 * Outcome measures (issue 20; decision 0034). A provider sends a PHQ-9 or GAD-7 to one of their clients, once or before
 * every session (a series: each confirmed session to come gets its own questionnaire); the client answers; the server
 * scores by the published rules. Health data, so:
 * - only the client and the provider who sent it find a questionnaire; anyone else (another provider, an operator) 404;
 * - the answers, score and severity are one sealed document (AES-256-GCM, bound to the questionnaire's id);
 * - every creation, read, answer and review is logged in the append-only record access log, with address and browser.
 */
export interface MeasuresPorts {
  users: Pick<UserModule, 'findActiveUser'>;
  /** Whether the client is the provider's client (a booking between them or an import). */
  isClientOf: (providerId: string, clientId: string) => Promise<boolean>;
}

const systemOrigin: RequestOrigin = { ipAddress: null, userAgent: null };

type Action = RecordAccessAction;
const context = (measureId: string) => `measure:${measureId}:result`;
const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const DAY = 24 * 3_600_000;
const displayName = (u: { firstName: string | null; lastName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ');
const locale = (u: { locale: string | null }) => (u.locale === 'de' ? 'de' : 'en');

export function createMeasuresService(deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mail'>, ports: MeasuresPorts) {
  const { db, clock } = deps;
  const crypt = fieldEncryptionFromConfig(deps.config);

  const provider = async (actor: Actor) =>
    requireLiveAccount(actor, await ports.users.findActiveUser(requireRole(actor, 'provider').userId));
  /** A signed-in client or provider whose account is live; anyone else finds no questionnaire. */
  const participant = async (actor: Actor) => {
    const user = requireUser(actor);
    if (user.userType !== 'provider' && user.userType !== 'client') throw AppError.notFound();
    return requireLiveAccount(actor, await ports.users.findActiveUser(user.userId));
  };

  const toMeasure = (l: ListedMeasure): Measure => {
    const r = l.row;
    return {
      identifier: r.identifier,
      kind: r.kind,
      clientIdentifier: r.clientId,
      clientName: l.clientName,
      providerIdentifier: r.providerId,
      providerName: l.providerName,
      bookingIdentifier: r.bookingId,
      sessionStartsAt: l.sessionStartsAt?.toISOString() ?? null,
      beforeEachSession: r.seriesId !== null,
      status: r.answeredAt ? 'answered' : 'pending',
      createdAt: r.createdAt.toISOString(),
      answeredAt: r.answeredAt?.toISOString() ?? null,
      reviewedAt: r.reviewedAt?.toISOString() ?? null,
      result: r.resultSealed ? (JSON.parse(crypt.open(r.resultSealed, context(r.identifier))) as MeasureResult) : null,
    };
  };
  const toSeries = (s: SeriesRow): MeasureSeries => ({
    identifier: s.identifier,
    kind: s.kind,
    clientIdentifier: s.clientId,
    createdAt: s.createdAt.toISOString(),
  });

  /** One log line per questionnaire, in the caller's transaction for writes (both happen or neither). */
  const log = (
    ex: Executor,
    actorId: string | null,
    origin: RequestOrigin,
    action: Action,
    rows: readonly Pick<MeasureRow, 'identifier' | 'providerId' | 'clientId'>[],
  ) =>
    logRecordAccess(
      ex,
      rows.map((r) => ({
        ownerId: r.providerId,
        actorId,
        recordType: 'measure' as const,
        recordId: r.identifier,
        clientId: r.clientId,
        action,
        origin,
        at: clock.now(),
      })),
    );

  /** The client is mailed a link to each new questionnaire (in the transaction that makes it: no questionnaire, no mail). */
  const mailRequests = async (tx: Executor, providerId: string, clientId: string, created: readonly MeasureRow[]) => {
    if (created.length === 0) return;
    // Read on `tx`'s connection, never a second pooled one while the transaction holds its locks.
    const [client, from] = [
      await ports.users.findActiveUser(clientId, tx),
      await ports.users.findActiveUser(providerId, tx),
    ];
    if (!client || !from) return;
    const lang = locale(client);
    for (const row of created) {
      // A client without an account (decision 0053) gets a one-time link that needs no sign-in.
      let link = `${deps.config.appOrigin}/questionnaires/${row.identifier}`;
      if (client.recordOf) {
        const token = crypto.randomBytes(32).toString('base64url');
        await repo.insertLink(
          tx,
          row.identifier,
          hashToken(token),
          new Date(clock.now().getTime() + MEASURE_LINK_DAYS * DAY),
        );
        link = `${deps.config.appOrigin}/questionnaire/${token}`;
      }
      const content = measureMailTexts.requested[lang]({
        name: client.firstName ?? (lang === 'de' ? 'zusammen' : 'there'),
        from: displayName(from) || (lang === 'de' ? 'Deine Therapeut*in' : 'Your therapist'),
        link,
      });
      await deps.mail.queue(tx, { to: client.email, lang, ...content });
    }
  };

  /** Scores, seals and keeps an answer, logs it, and tells the provider of an item-9 alert, in `tx`. */
  const keepAnswer = async (
    tx: Executor,
    row: MeasureRow,
    body: unknown,
    me: { identifier: string; firstName: string | null; lastName: string | null },
    origin: RequestOrigin,
  ) => {
    if (row.answeredAt) throw AppError.conflict('CONFLICT', m.measureAlreadyAnswered);
    // The answers' count depends on the kind: checked here with the kind's own schema (the form uses the same).
    const { answers } = parseWith(measureAnswers(row.kind), body as Record<string, unknown>);
    const result: MeasureResult = { answers, ...scoreMeasure(row.kind, answers) };
    await repo.saveAnswer(tx, row.identifier, {
      keyId: crypt.currentKeyId,
      resultSealed: crypt.seal(JSON.stringify(result), context(row.identifier)),
      answeredAt: clock.now(),
      needsRiskReview: result.selfHarmAlert,
    });
    await log(tx, me.identifier, origin, 'answer', [row]);
    if (result.selfHarmAlert) {
      // On the transaction's own connection: holding the row lock while waiting for a second pooled connection
      // deadlocks once every other connection waits on this lock (seen with 12 concurrent answers, a pool of 10).
      const to = await ports.users.findActiveUser(row.providerId, tx);
      if (to) {
        const lang = locale(to);
        const content = measureMailTexts.needsAttention[lang]({
          name: to.firstName ?? (lang === 'de' ? 'zusammen' : 'there'),
          client: displayName(me) || (lang === 'de' ? 'Eine Klient*in' : 'A client'),
          link: `${deps.config.appOrigin}/clients/${row.clientId}`,
        });
        await deps.mail.queue(tx, { to: to.email, lang, ...content });
      }
    }
  };
  const linkOpen = (link: { usedAt: Date | null; expiresAt: Date }, measure: MeasureRow) =>
    !link.usedAt && link.expiresAt > clock.now() && !measure.answeredAt;

  /**
   * A questionnaire is its client's and its provider's, as a booking of theirs is (with `side`, one of them alone); an
   * operator has no access to it: it is health data.
   */
  const listedFor = async (actor: Actor, id: string, side?: 'client' | 'provider'): Promise<ListedMeasure> =>
    requireAccessTo(actor, 'act', await repo.find(db, id), (l) => bookingOf(l.row, side));

  return {
    async send(
      actor: Actor,
      origin: RequestOrigin,
      input: Required<SendMeasureInput>,
    ): Promise<{ sent: MeasureSent; messageKey: 'measureSent' | 'measureSeriesStarted' }> {
      const me = await provider(actor);
      if (!(await ports.isClientOf(me.identifier, input.clientIdentifier)))
        throw new AppError(404, 'NOT_FOUND', m.measureClientUnknown);
      const now = clock.now();
      const result = await db.transaction(async (tx) => {
        let series: SeriesRow | undefined;
        let rows: NewMeasure[];
        if (input.schedule === 'once') {
          rows = [
            { identifier: newId(), providerId: me.identifier, clientId: input.clientIdentifier, kind: input.kind },
          ];
        } else {
          series = await repo.startSeries(tx, {
            identifier: newId(),
            providerId: me.identifier,
            clientId: input.clientIdentifier,
            kind: input.kind,
            createdAt: now,
          });
          if (!series) throw AppError.conflict('CONFLICT', m.measureSeriesRunning);
          const upcoming = await repo.upcomingBookings(tx, me.identifier, input.clientIdentifier, now);
          rows = upcoming.map((bookingId) => ({
            identifier: newId(),
            providerId: me.identifier,
            clientId: input.clientIdentifier,
            kind: input.kind,
            seriesId: series!.identifier,
            bookingId,
          }));
        }
        const created = await repo.insert(
          tx,
          rows.map((r) => ({ ...r, createdAt: now })),
        );
        await log(tx, me.identifier, origin, 'create', created);
        await mailRequests(tx, me.identifier, input.clientIdentifier, created);
        return { series, ids: created.map((r) => r.identifier) };
      });
      const measures = (await repo.listByIds(db, result.ids)).map(toMeasure);
      return {
        sent: { measures, series: result.series ? toSeries(result.series) : null },
        messageKey: input.schedule === 'once' ? 'measureSent' : 'measureSeriesStarted',
      };
    },

    /** A provider's questionnaires (for one client of theirs), or a client's own; newest first. Reading is logged. */
    async list(actor: Actor, origin: RequestOrigin, query: MeasureListQuery): Promise<Measure[]> {
      const me = await participant(actor);
      let listed: ListedMeasure[];
      if (me.userType === 'provider') {
        if (query.clientIdentifier && !(await ports.isClientOf(me.identifier, query.clientIdentifier)))
          throw new AppError(404, 'NOT_FOUND', m.measureClientUnknown);
        listed = await repo.list(db, {
          providerId: me.identifier,
          clientId: query.clientIdentifier,
          status: query.status,
        });
      } else {
        // A client lists only their own (another client's id is not found).
        requireAccess(actor, 'read', { kind: 'owned', ownerId: query.clientIdentifier ?? me.identifier });
        listed = await repo.list(db, { clientId: me.identifier, status: query.status });
      }
      // A read of a result is logged; a list of questionnaires still to fill in shows no health data (and a client's
      // pending notice polls it).
      await log(
        db,
        me.identifier,
        origin,
        'read',
        listed.filter((l) => l.row.answeredAt).map((l) => l.row),
      );
      return listed.map(toMeasure);
    },

    async get(actor: Actor, origin: RequestOrigin, id: string): Promise<Measure> {
      const me = await participant(actor);
      const found = await listedFor(actor, id);
      await log(db, me.identifier, origin, 'read', [found.row]);
      return toMeasure(found);
    },

    /** The client answers once; the server scores, seals and keeps the result, and tells the provider of an item-9 alert. */
    async answer(actor: Actor, origin: RequestOrigin, id: string, body: unknown): Promise<Measure> {
      const me = requireLiveAccount(actor, await ports.users.findActiveUser(requireRole(actor, 'client').userId));
      await db.transaction(async (tx) => {
        const row = requireAccessTo(actor, 'act', await repo.lock(tx, id), (r) => bookingOf(r, 'client'));
        await keepAnswer(tx, row, body, me, origin);
      });
      return toMeasure(await listedFor(actor, id));
    },

    /** What a one-time link (decision 0053) opens; a used or expired link, or one answered already, is refused. */
    async linkView(token: string): Promise<MeasureLinkView> {
      const found = await repo.linkByHash(db, hashToken(token));
      if (!found || !linkOpen(found.link, found.measure)) throw AppError.rule(m.measureLinkInvalid);
      const from = await ports.users.findActiveUser(found.measure.providerId);
      return {
        kind: found.measure.kind,
        providerName: from ? displayName(from) || null : null,
        expiresAt: found.link.expiresAt.toISOString(),
      };
    },

    /** Answers by a one-time link, once: the link is locked, checked, used and the answer kept in one transaction. */
    async answerByLink(origin: RequestOrigin, token: string, body: unknown): Promise<void> {
      await db.transaction(async (tx) => {
        const found = await repo.linkByHash(tx, hashToken(token), true);
        if (!found || !linkOpen(found.link, found.measure)) throw AppError.rule(m.measureLinkInvalid);
        const row = await repo.lock(tx, found.measure.identifier);
        if (!row) throw AppError.rule(m.measureLinkInvalid);
        const client = await ports.users.findActiveUser(row.clientId, tx);
        await keepAnswer(
          tx,
          row,
          body,
          client ?? { identifier: row.clientId, firstName: null, lastName: null },
          origin,
        );
        await repo.useLink(tx, found.link.identifier, clock.now());
      });
    },

    /** The provider marks an answered questionnaire as seen: its alert is lowered. */
    async review(actor: Actor, origin: RequestOrigin, id: string): Promise<Measure> {
      const me = await provider(actor);
      const found = await listedFor(actor, id, 'provider');
      if (!found.row.answeredAt) throw AppError.rule(m.measureNotAnswered);
      await db.transaction(async (tx) => {
        await repo.markReviewed(tx, id, me.identifier, clock.now());
        await log(tx, me.identifier, origin, 'review', [found.row]);
      });
      return toMeasure(await listedFor(actor, id));
    },

    /** Issue 47: the clients whose risk answer the provider has not marked seen (the overview's card, the list's badge). */
    async unseenRisks(actor: Actor): Promise<RiskReviewItem[]> {
      const me = await provider(actor);
      return (await repo.unseenRisks(db, me.identifier)).map((r) => ({
        measureIdentifier: r.measureId,
        clientIdentifier: r.clientId,
        clientName: r.clientName,
        answeredAt: r.answeredAt!.toISOString(),
      }));
    },

    /** The provider marks a risk answer seen: it leaves the overview; who and when are kept. */
    async markRiskSeen(actor: Actor, origin: RequestOrigin, id: string): Promise<void> {
      const me = await provider(actor);
      const found = await listedFor(actor, id, 'provider');
      await db.transaction(async (tx) => {
        await repo.markRiskSeen(tx, id, me.identifier, me.identifier, clock.now());
        await log(tx, me.identifier, origin, 'review', [found.row]);
      });
    },

    async series(actor: Actor, clientId: string | undefined): Promise<MeasureSeries[]> {
      const me = await provider(actor);
      return (await repo.runningSeries(db, me.identifier, clientId)).map(toSeries);
    },

    async stopSeries(actor: Actor, id: string): Promise<MeasureSeries> {
      const me = await provider(actor);
      // A series is its provider's; a stopped one is as gone as a missing one.
      const series = await repo.series(db, id);
      requireAccessTo(actor, 'update', series?.stoppedAt ? undefined : series, (s) => ({
        kind: 'owned',
        ownerId: s.providerId,
      }));
      const stopped = await repo.stopSeries(db, id, me.identifier, clock.now());
      requireFound(stopped);
      return toSeries(stopped);
    },

    /**
     * The `booking.changed` subscriber, in the booking's transaction: a confirmed session to come gets one questionnaire
     * of every running series of its provider and client (once: a rescheduled one keeps its own); a session that will
     * not happen loses its unanswered ones.
     */
    async onBookingChanged(event: DomainEventMap['booking.changed'], tx: Executor): Promise<void> {
      if (event.status === 'cancelled' || event.status === 'rejected' || event.status === 'expired') {
        await repo.dropUnansweredOfBooking(tx, event.bookingId);
        return;
      }
      if (event.status !== 'confirmed' || !event.startTime || Date.parse(event.startTime) <= clock.now().getTime())
        return;
      const running = await repo.runningSeries(tx, event.providerId, event.clientId);
      const created = await repo.insert(
        tx,
        running.map((s) => ({
          identifier: newId(),
          providerId: s.providerId,
          clientId: s.clientId,
          kind: s.kind,
          seriesId: s.identifier,
          bookingId: event.bookingId,
          createdAt: clock.now(),
        })),
      );
      await log(tx, null, systemOrigin, 'create', created);
      await mailRequests(tx, event.providerId, event.clientId, created);
    },
  };
}
export type MeasuresService = ReturnType<typeof createMeasuresService>;
