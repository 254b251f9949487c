import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { bookings } from '../../../db/schema/bookings.ts';
import { people } from '../../../db/schema/users.ts';
import { waitlistEntries, waitlistOffers } from '../../../db/schema/waitlist.ts';
import { AppError } from '../../../platform/errors.ts';
import { refusedAs } from '../../../platform/pg-errors.ts';

export type EntryRow = typeof waitlistEntries.$inferSelect;
export type OfferRow = typeof waitlistOffers.$inferSelect;
export type NewEntry = typeof waitlistEntries.$inferInsert;

/** The waitlist's tables (issue 19): places in line and the offers made from them. */
export const waitlistRepository = {
  /** Serialises the offers of one provider: one scan at a time, on any instance. */
  async lockProvider(tx: Executor, providerId: string): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`waitlist:${providerId}`}, 0))`);
  },

  async insertEntry(tx: Executor, row: NewEntry): Promise<EntryRow> {
    // One open place per client and provider (also two joins at once).
    const [saved] = await refusedAs(
      tx.insert(waitlistEntries).values(row).returning(),
      'unique',
      () => AppError.conflict('CONFLICT', 'waitlistAlready'),
      'waitlist_entries_one_open',
    );
    return saved!;
  },

  async entry(ex: Executor, entryId: string, forUpdate = false): Promise<EntryRow | undefined> {
    const query = ex.select().from(waitlistEntries).where(eq(waitlistEntries.identifier, entryId));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  },

  /** A client's places (open first, then the rest, newest first), with the provider's name. */
  async entriesOf(ex: Executor, clientId: string) {
    return ex
      .select({ entry: waitlistEntries, firstName: people.firstName, lastName: people.lastName })
      .from(waitlistEntries)
      .innerJoin(people, eq(people.identifier, waitlistEntries.providerId))
      .where(
        and(eq(waitlistEntries.clientId, clientId), inArray(waitlistEntries.status, ['waiting', 'offered', 'booked'])),
      )
      .orderBy(desc(waitlistEntries.createdAt))
      .limit(50);
  },

  /** The provider's line: places waiting for an offer, first come first. */
  async line(ex: Executor, providerId: string): Promise<EntryRow[]> {
    return ex
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.providerId, providerId), eq(waitlistEntries.status, 'waiting')))
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.identifier));
  },

  async setEntryStatus(tx: Executor, entryId: string, status: EntryRow['status']): Promise<void> {
    await tx.update(waitlistEntries).set({ status }).where(eq(waitlistEntries.identifier, entryId));
  },

  /** Start times already offered to these places (a place is never offered the same slot twice). */
  async offeredStarts(ex: Executor, entryIds: string[]): Promise<Array<{ entryId: string; startsAt: Date }>> {
    if (entryIds.length === 0) return [];
    return ex
      .select({ entryId: waitlistOffers.entryId, startsAt: waitlistOffers.startsAt })
      .from(waitlistOffers)
      .where(inArray(waitlistOffers.entryId, entryIds));
  },

  async insertOffer(tx: Executor, row: typeof waitlistOffers.$inferInsert): Promise<OfferRow> {
    const [saved] = await tx.insert(waitlistOffers).values(row).returning();
    return saved!;
  },

  async offer(ex: Executor, offerId: string, forUpdate = false): Promise<OfferRow | undefined> {
    const query = ex.select().from(waitlistOffers).where(eq(waitlistOffers.identifier, offerId));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row;
  },

  /** The open offer of each of these places. */
  async openOffers(ex: Executor, entryIds: string[]): Promise<OfferRow[]> {
    if (entryIds.length === 0) return [];
    return ex
      .select()
      .from(waitlistOffers)
      .where(and(inArray(waitlistOffers.entryId, entryIds), eq(waitlistOffers.status, 'open')));
  },

  async closeOffer(
    tx: Executor,
    offerId: string,
    status: 'accepted' | 'expired',
    bookingId: string | null = null,
  ): Promise<void> {
    await tx.update(waitlistOffers).set({ status, bookingId }).where(eq(waitlistOffers.identifier, offerId));
  },

  /** Open offers whose hold has run out, locked (SKIP LOCKED: instances share the work, never one offer twice). */
  async dueOffers(tx: Executor, now: Date, limit: number): Promise<OfferRow[]> {
    return tx
      .select()
      .from(waitlistOffers)
      .where(and(eq(waitlistOffers.status, 'open'), lte(waitlistOffers.expiresAt, now)))
      .limit(limit)
      .for('update', { skipLocked: true });
  },

  /**
   * The place whose offer became this booking goes back in line when the booking ends unpaid or declined (issue 48):
   * `waiting` again (it keeps its place in line: its join time), or `left` when the client has joined the line again
   * meanwhile (one open place per client and provider). Returns the places moved.
   */
  async returnToLine(tx: Executor, bookingId: string): Promise<number> {
    const moved = await tx.execute(sql`
      UPDATE ${waitlistEntries} e
         SET status = CASE WHEN EXISTS (
               SELECT 1 FROM ${waitlistEntries} o
                WHERE o.client_id = e.client_id AND o.provider_id = e.provider_id
                  AND o.status IN ('waiting', 'offered') AND o.identifier <> e.identifier
             ) THEN 'left' ELSE 'waiting' END
       WHERE e.status = 'booked'
         AND e.identifier IN (SELECT ${waitlistOffers.entryId} FROM ${waitlistOffers} WHERE ${waitlistOffers.bookingId} = ${bookingId}::uuid)`);
    return moved.rowCount ?? 0;
  },

  /**
   * The latest offer of each place that was taken but whose booking then ran out unpaid (or was declined): the list
   * says so beside the place waiting again.
   */
  async lapsedOffers(
    ex: Executor,
    entryIds: string[],
  ): Promise<Array<{ entryId: string; startsAt: Date; endsAt: Date; bookingStatus: string }>> {
    if (entryIds.length === 0) return [];
    const rows = await ex
      .select({
        entryId: waitlistOffers.entryId,
        startsAt: waitlistOffers.startsAt,
        endsAt: waitlistOffers.endsAt,
        bookingStatus: bookings.status,
      })
      .from(waitlistOffers)
      .innerJoin(bookings, eq(bookings.identifier, waitlistOffers.bookingId))
      .where(
        and(
          inArray(waitlistOffers.entryId, entryIds),
          eq(waitlistOffers.status, 'accepted'),
          inArray(bookings.status, ['expired', 'rejected']),
        ),
      )
      .orderBy(desc(waitlistOffers.createdAt));
    const latest = new Map<string, (typeof rows)[number]>();
    for (const r of rows) if (!latest.has(r.entryId)) latest.set(r.entryId, r);
    return [...latest.values()];
  },

  /** Providers with someone waiting (the sweep scans their lines). */
  async providersWithLine(ex: Executor, limit: number): Promise<string[]> {
    const rows = await ex
      .select({ providerId: waitlistEntries.providerId })
      .from(waitlistEntries)
      .where(eq(waitlistEntries.status, 'waiting'))
      .groupBy(waitlistEntries.providerId)
      .limit(limit);
    return rows.map((r) => r.providerId);
  },
};
