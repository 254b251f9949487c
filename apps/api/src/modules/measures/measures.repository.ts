import { and, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { bookingSessions } from '../../db/schema/bookings.ts';
import { measureLinks, measureSeries, measures } from '../../db/schema/measures.ts';
import { people } from '../../db/schema/users.ts';
import { recordJoinedMeanwhile } from '../../platform/client-records.ts';

/** Questionnaires and their series: Drizzle only; sealing, access and rules are in the service. */
export type MeasureRow = typeof measures.$inferSelect;
export type NewMeasure = typeof measures.$inferInsert;
export type SeriesRow = typeof measureSeries.$inferSelect;
export type MeasureKindValue = MeasureRow['kind'];

const clientUser = alias(people, 'client_user');
const providerUser = alias(people, 'provider_user');
/** A live account's display name ("First Last"); null once the account is deleted. */
const nameOf = (u: typeof clientUser | typeof providerUser) =>
  sql<
    string | null
  >`CASE WHEN ${u.deletedAt} IS NULL THEN nullif(trim(coalesce(${u.firstName}, '') || ' ' || coalesce(${u.lastName}, '')), '') END`;

const listed = {
  row: measures,
  clientName: nameOf(clientUser),
  providerName: nameOf(providerUser),
  sessionStartsAt: bookingSessions.startsAt,
};
export type ListedMeasure = {
  row: MeasureRow;
  clientName: string | null;
  providerName: string | null;
  sessionStartsAt: Date | null;
};

const selectListed = (ex: Executor) =>
  ex
    .select(listed)
    .from(measures)
    .innerJoin(clientUser, eq(clientUser.identifier, measures.clientId))
    .innerJoin(providerUser, eq(providerUser.identifier, measures.providerId))
    .leftJoin(bookingSessions, eq(bookingSessions.identifier, measures.bookingId));

/** Sessions still to come between a provider and a client: confirmed, with a time after `now`. */
const upcomingOf = (providerId: string, clientId: string, now: Date) =>
  and(
    eq(bookingSessions.providerId, providerId),
    eq(bookingSessions.clientId, clientId),
    eq(bookingSessions.status, 'confirmed'),
    gt(bookingSessions.startsAt, now),
  );

export const measuresRepository = {
  async insert(ex: Executor, rows: NewMeasure[]): Promise<MeasureRow[]> {
    if (rows.length === 0) return [];
    // A series' measure for a booking exists once, whoever gets there first (a retried event, two instances).
    return recordJoinedMeanwhile(
      ex
        .insert(measures)
        .values(rows)
        .onConflictDoNothing({ target: [measures.seriesId, measures.bookingId] })
        .returning(),
      'measures_client_id_users_identifier_fk',
    );
  },

  /** Starts a series; undefined when one of this kind already runs for the pair (the partial unique index). */
  async startSeries(ex: Executor, row: typeof measureSeries.$inferInsert): Promise<SeriesRow | undefined> {
    const [created] = await recordJoinedMeanwhile(
      ex
        .insert(measureSeries)
        .values(row)
        .onConflictDoNothing({
          target: [measureSeries.providerId, measureSeries.clientId, measureSeries.kind],
          where: sql`${measureSeries.stoppedAt} IS NULL`,
        })
        .returning(),
      'measure_series_client_id_users_identifier_fk',
    );
    return created;
  },

  async runningSeries(ex: Executor, providerId: string, clientId?: string): Promise<SeriesRow[]> {
    const where = [eq(measureSeries.providerId, providerId), isNull(measureSeries.stoppedAt)];
    if (clientId) where.push(eq(measureSeries.clientId, clientId));
    return ex
      .select()
      .from(measureSeries)
      .where(and(...where))
      .orderBy(desc(measureSeries.createdAt));
  },

  async series(ex: Executor, id: string): Promise<SeriesRow | undefined> {
    const [row] = await ex.select().from(measureSeries).where(eq(measureSeries.identifier, id)).limit(1);
    return row;
  },

  async stopSeries(ex: Executor, id: string, providerId: string, now: Date): Promise<SeriesRow | undefined> {
    const [row] = await ex
      .update(measureSeries)
      .set({ stoppedAt: now })
      .where(
        and(
          eq(measureSeries.identifier, id),
          eq(measureSeries.providerId, providerId),
          isNull(measureSeries.stoppedAt),
        ),
      )
      .returning();
    return row;
  },

  /** The confirmed sessions still to come between the two. */
  async upcomingBookings(ex: Executor, providerId: string, clientId: string, now: Date): Promise<string[]> {
    const rows = await ex
      .select({ id: bookingSessions.identifier })
      .from(bookingSessions)
      .where(upcomingOf(providerId, clientId, now));
    return rows.map((r) => r.id);
  },

  /** A booking's unanswered measures go when the session will not happen; answered ones stay (they are the client's). */
  async dropUnansweredOfBooking(ex: Executor, bookingId: string): Promise<void> {
    await ex.delete(measures).where(and(eq(measures.bookingId, bookingId), isNull(measures.answeredAt)));
  },

  /** A provider's (or a client's) questionnaires, newest first, with names and the session they come before. */
  async list(
    ex: Executor,
    f: { providerId?: string; clientId?: string; status?: 'pending' | 'answered' },
  ): Promise<ListedMeasure[]> {
    const where = [];
    if (f.providerId) where.push(eq(measures.providerId, f.providerId));
    if (f.clientId) where.push(eq(measures.clientId, f.clientId));
    if (f.status === 'pending') where.push(isNull(measures.answeredAt));
    if (f.status === 'answered') where.push(isNotNull(measures.answeredAt));
    return selectListed(ex)
      .where(and(...where))
      .orderBy(desc(measures.createdAt), desc(measures.identifier));
  },

  /** One questionnaire for its client or the provider who sent it; undefined for anyone else. */
  /** A questionnaire by id (its client and provider decide who may see it: the access core). */
  async find(ex: Executor, id: string): Promise<ListedMeasure | undefined> {
    const [row] = await selectListed(ex).where(eq(measures.identifier, id)).limit(1);
    return row;
  },

  async listByIds(ex: Executor, ids: string[]): Promise<ListedMeasure[]> {
    if (ids.length === 0) return [];
    return selectListed(ex)
      .where(inArray(measures.identifier, ids))
      .orderBy(desc(measures.createdAt), desc(measures.identifier));
  },

  /** A questionnaire locked for answering in this transaction. */
  async lock(ex: Executor, id: string): Promise<MeasureRow | undefined> {
    const [row] = await ex.select().from(measures).where(eq(measures.identifier, id)).limit(1).for('update');
    return row;
  },

  async saveAnswer(
    ex: Executor,
    id: string,
    values: { keyId: number; resultSealed: string; answeredAt: Date; needsRiskReview: boolean },
  ): Promise<void> {
    await ex.update(measures).set(values).where(eq(measures.identifier, id));
  },

  /** A one-time link (decision 0053): only the token's hash. */
  async insertLink(ex: Executor, measureId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await ex.insert(measureLinks).values({ measureId, tokenHash, expiresAt });
  },
  /** A link by its token's hash with its questionnaire; `lock` for the answer (a second use waits, then finds it used). */
  async linkByHash(ex: Executor, tokenHash: string, lock = false) {
    const query = ex
      .select({ link: measureLinks, measure: measures })
      .from(measureLinks)
      .innerJoin(measures, eq(measures.identifier, measureLinks.measureId))
      .where(eq(measureLinks.tokenHash, tokenHash))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },
  async useLink(ex: Executor, linkId: string, now: Date): Promise<void> {
    await ex.update(measureLinks).set({ usedAt: now }).where(eq(measureLinks.identifier, linkId));
  },

  /** Marks an answered questionnaire seen by the provider who sent it (the first time only); false when not theirs or not answered. */
  async markReviewed(ex: Executor, id: string, providerId: string, now: Date): Promise<boolean> {
    const rows = await ex
      .update(measures)
      .set({ reviewedAt: sql`coalesce(${measures.reviewedAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(measures.identifier, id), eq(measures.providerId, providerId), isNotNull(measures.answeredAt)))
      .returning({ id: measures.identifier });
    return rows.length > 0;
  },

  /**
   * The provider's answered questionnaires with a risk answer not yet marked seen (decision 0056: the boolean, not
   * the sealed result), newest first, with the client's name.
   */
  async unseenRisks(ex: Executor, providerId: string) {
    return ex
      .select({
        measureId: measures.identifier,
        clientId: measures.clientId,
        clientName: nameOf(clientUser),
        answeredAt: measures.answeredAt,
      })
      .from(measures)
      .innerJoin(clientUser, eq(clientUser.identifier, measures.clientId))
      .where(and(eq(measures.providerId, providerId), eq(measures.needsRiskReview, true), isNull(measures.riskSeenAt)))
      .orderBy(desc(measures.answeredAt), desc(measures.identifier));
  },

  /** Records who saw a risk answer and when (the first time only). */
  async markRiskSeen(ex: Executor, id: string, providerId: string, by: string, now: Date): Promise<void> {
    await ex
      .update(measures)
      .set({
        riskSeenAt: sql`coalesce(${measures.riskSeenAt}, ${now.toISOString()}::timestamptz)`,
        riskSeenBy: sql`coalesce(${measures.riskSeenBy}, ${by}::uuid)`,
      })
      .where(and(eq(measures.identifier, id), eq(measures.providerId, providerId)));
  },
};
