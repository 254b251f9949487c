import { and, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookings } from '../../db/schema/bookings.ts';
import { referenceItems } from '../../db/schema/reference.ts';
import { people } from '../../db/schema/users.ts';

export interface EarningSessionRow {
  identifier: string;
  status: 'confirmed' | 'completed' | 'cancelled';
  startsAt: Date | null;
  priceAmount: number;
  currencyCode: string;
  therapyCode: string;
  therapyName: string;
  clientFirstName: string | null;
  clientLastName: string | null;
}

const columns = {
  identifier: bookings.identifier,
  status: bookings.status,
  startsAt: bookings.startsAt,
  priceAmount: bookings.priceAmount,
  currencyCode: bookings.currencyCode,
  therapyCode: referenceItems.code,
  therapyName: referenceItems.name,
  clientFirstName: people.firstName,
  clientLastName: people.lastName,
};

/** A provider's paid sessions, for their earnings page (issue 46). Drizzle only; which money they made is the ledger's. */
export const earningSessionsRepository = {
  /**
   * The provider's paid, priced sessions: every confirmed one (its money is held until it is completed; there are
   * only as many as the calendar holds), and the latest `limit` completed ones and paid ones cancelled without a
   * refund (the provider kept the fee), newest first.
   */
  async ofProvider(db: Executor, providerId: string, limit: number): Promise<EarningSessionRow[]> {
    const base = (status: Array<'confirmed' | 'completed' | 'cancelled'>) =>
      db
        .select(columns)
        .from(bookings)
        .innerJoin(referenceItems, eq(referenceItems.identifier, bookings.therapyCategoryId))
        .leftJoin(people, eq(people.identifier, bookings.clientId))
        .where(
          and(
            eq(bookings.providerId, providerId),
            inArray(bookings.status, status),
            isNotNull(bookings.paidAt),
            gt(bookings.priceAmount, 0),
            status.includes('cancelled') ? sql`coalesce(${bookings.refundAmount}, 0) = 0` : undefined,
          ),
        )
        .orderBy(desc(bookings.startsAt), desc(bookings.identifier));
    const [held, earned] = await Promise.all([base(['confirmed']), base(['completed', 'cancelled']).limit(limit)]);
    return [...held, ...earned] as EarningSessionRow[];
  },
};
