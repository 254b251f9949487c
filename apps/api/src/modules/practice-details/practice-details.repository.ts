import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { ClaimedLicenseState, LicenseState } from '@therapy/contracts/practice-details';
import type { Executor } from '../../db/client.ts';
import {
  effectiveFee,
  listedLicenseStates,
  providerBookingFees,
  providerLicenseStates,
  workHistory,
  type EffectiveFee,
} from '../../db/schema/practice-details.ts';
import { countries, states } from '../../db/schema/reference.ts';

export type WorkHistoryRow = typeof workHistory.$inferSelect;
export type WorkHistoryValues = Pick<
  WorkHistoryRow,
  'companyName' | 'jobTitle' | 'startDate' | 'endDate' | 'currentlyWorksHere' | 'description'
>;
export type BookingFeeRow = typeof providerBookingFees.$inferSelect;
export interface FeeValues {
  fee: number;
  isFree: boolean;
  currencyCode: string;
}

/** Work history, booking fees and licence states: the only file of the module that knows Drizzle. */
export type { EffectiveFee } from '../../db/schema/practice-details.ts';

export const practiceDetailsRepository = {
  /** Current positions first, then the latest start. */
  async listWorkHistory(db: Executor, providerId: string): Promise<WorkHistoryRow[]> {
    return db
      .select()
      .from(workHistory)
      .where(eq(workHistory.providerId, providerId))
      .orderBy(
        desc(workHistory.currentlyWorksHere),
        desc(sql`coalesce(${workHistory.endDate}, '9999-12')`),
        desc(workHistory.startDate),
        asc(workHistory.identifier),
      );
  },
  async addWorkHistory(db: Executor, providerId: string, values: WorkHistoryValues): Promise<WorkHistoryRow> {
    const [row] = await db
      .insert(workHistory)
      .values({ providerId, ...values })
      .returning();
    return row!;
  },
  /** Changes the entry only if it is this provider's; undefined otherwise. */
  async findWorkHistory(db: Executor, id: string): Promise<WorkHistoryRow | undefined> {
    const [row] = await db.select().from(workHistory).where(eq(workHistory.identifier, id)).limit(1);
    return row;
  },
  async updateWorkHistory(
    db: Executor,
    providerId: string,
    id: string,
    values: WorkHistoryValues,
  ): Promise<WorkHistoryRow | undefined> {
    const [row] = await db
      .update(workHistory)
      .set(values)
      .where(and(eq(workHistory.identifier, id), eq(workHistory.providerId, providerId)))
      .returning();
    return row;
  },
  async deleteWorkHistory(db: Executor, providerId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(workHistory)
      .where(and(eq(workHistory.identifier, id), eq(workHistory.providerId, providerId)))
      .returning({ identifier: workHistory.identifier });
    return rows.length > 0;
  },

  async fees(db: Executor, providerId: string): Promise<BookingFeeRow[]> {
    return db.select().from(providerBookingFees).where(eq(providerBookingFees.providerId, providerId));
  },
  async generalFee(db: Executor, providerId: string): Promise<BookingFeeRow | undefined> {
    const [row] = await db
      .select()
      .from(providerBookingFees)
      .where(and(eq(providerBookingFees.providerId, providerId), isNull(providerBookingFees.therapyCategoryId)))
      .limit(1);
    return row;
  },
  /** The fee of a therapy where one is set, else the general fee (null when neither is set). */
  async effectiveFee(db: Executor, providerId: string, therapyCategoryId: string): Promise<EffectiveFee | null> {
    const result = await db.execute<{ fee: EffectiveFee | null }>(
      sql`SELECT ${effectiveFee(sql`${providerId}::uuid`, sql`${therapyCategoryId}::uuid`)} AS fee`,
    );
    return result.rows[0]?.fee ?? null;
  },
  /**
   * The same rule for many (provider, therapy) pairs in one statement: what a booking of each would be charged (the
   * bookings' terms read `effectiveFee` too), null where no fee applies. The directory's prices come from here.
   */
  async effectiveFees(
    db: Executor,
    pairs: ReadonlyArray<{ providerId: string; therapyCategoryId: string }>,
  ): Promise<Array<{ providerId: string; therapyCategoryId: string; fee: EffectiveFee | null }>> {
    if (pairs.length === 0) return [];
    const result = await db.execute<{ provider_id: string; therapy_id: string; fee: EffectiveFee | null }>(
      sql`SELECT p.provider_id, p.therapy_id, ${effectiveFee(sql`p.provider_id`, sql`p.therapy_id`)} AS fee
            FROM unnest(${sql.param(pairs.map((x) => x.providerId))}::uuid[], ${sql.param(pairs.map((x) => x.therapyCategoryId))}::uuid[])
              AS p(provider_id, therapy_id)`,
    );
    return result.rows.map((r) => ({ providerId: r.provider_id, therapyCategoryId: r.therapy_id, fee: r.fee }));
  },
  async setGeneralFee(db: Executor, providerId: string, values: FeeValues): Promise<void> {
    await db
      .insert(providerBookingFees)
      .values({ providerId, therapyCategoryId: null, ...values })
      .onConflictDoUpdate({
        target: providerBookingFees.providerId,
        targetWhere: sql`${providerBookingFees.therapyCategoryId} IS NULL`,
        set: values,
      });
  },
  async setTherapyFee(db: Executor, providerId: string, therapyCategoryId: string, values: FeeValues): Promise<void> {
    await db
      .insert(providerBookingFees)
      .values({ providerId, therapyCategoryId, ...values })
      .onConflictDoUpdate({
        target: [providerBookingFees.providerId, providerBookingFees.therapyCategoryId],
        targetWhere: sql`${providerBookingFees.therapyCategoryId} IS NOT NULL`,
        set: values,
      });
  },

  /** Which of these ids are US states (the reference data's states of country US). */
  async usStateIds(db: Executor, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ identifier: states.identifier })
      .from(states)
      .innerJoin(countries, eq(countries.identifier, states.countryId))
      .where(and(eq(countries.code, 'US'), inArray(states.identifier, [...ids])));
    return rows.map((r) => r.identifier);
  },
  /** Every state the provider claims, by name, with its review and whether it is listed now. */
  async licenseStates(db: Executor, providerId: string): Promise<ClaimedLicenseState[]> {
    return db
      .select({
        identifier: states.identifier,
        code: states.code,
        name: states.name,
        review: providerLicenseStates.review,
        listed: sql<boolean>`${listedLicenseStates.stateId} IS NOT NULL`,
      })
      .from(providerLicenseStates)
      .innerJoin(states, eq(states.identifier, providerLicenseStates.stateId))
      .leftJoin(
        listedLicenseStates,
        and(
          eq(listedLicenseStates.providerId, providerLicenseStates.providerId),
          eq(listedLicenseStates.stateId, providerLicenseStates.stateId),
        ),
      )
      .where(eq(providerLicenseStates.providerId, providerId))
      .orderBy(asc(states.name));
  },
  /** The states the provider is listed and bookable in (issue 45), by name. */
  async listedStates(db: Executor, providerId: string): Promise<LicenseState[]> {
    return db
      .select({ identifier: states.identifier, code: states.code, name: states.name })
      .from(listedLicenseStates)
      .innerJoin(states, eq(states.identifier, listedLicenseStates.stateId))
      .where(eq(listedLicenseStates.providerId, providerId))
      .orderBy(asc(states.name));
  },
  /**
   * An operator's decision settles the provider's claimed states: approving a practice approves every state not yet
   * approved; a decision on changes settles the pending ones.
   */
  async settleStates(
    db: Executor,
    providerId: string,
    decision: { outcome: 'approved' | 'rejected'; scope: 'practice' | 'changes'; at: Date },
  ): Promise<void> {
    const from: Array<'pending' | 'rejected'> = decision.scope === 'practice' ? ['pending', 'rejected'] : ['pending'];
    await db
      .update(providerLicenseStates)
      .set({ review: decision.outcome, reviewedAt: decision.at })
      .where(and(eq(providerLicenseStates.providerId, providerId), inArray(providerLicenseStates.review, from)));
  },
  /** Serialises one provider's list replacements (two at once would both delete, then both insert). */
  async lockLicenseStates(db: Executor, providerId: string): Promise<void> {
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('provider_license_states'), hashtext(${providerId}))`);
  },
  /**
   * Replaces the list: states no longer claimed go, states kept keep their review, new ones come in `pending` (an
   * operator approves them with the practice, or as a change of a verified one: issue 45).
   */
  async replaceLicenseStates(db: Executor, providerId: string, stateIds: readonly string[]): Promise<void> {
    await db
      .delete(providerLicenseStates)
      .where(
        stateIds.length > 0
          ? and(
              eq(providerLicenseStates.providerId, providerId),
              notInArray(providerLicenseStates.stateId, [...stateIds]),
            )
          : eq(providerLicenseStates.providerId, providerId),
      );
    if (stateIds.length > 0)
      await db
        .insert(providerLicenseStates)
        .values(stateIds.map((stateId) => ({ providerId, stateId })))
        .onConflictDoNothing();
  },
  async hasLicenseState(db: Executor, providerId: string): Promise<boolean> {
    const [row] = await db
      .select({ n: sql<number>`1` })
      .from(providerLicenseStates)
      .where(eq(providerLicenseStates.providerId, providerId))
      .limit(1);
    return row !== undefined;
  },
};
