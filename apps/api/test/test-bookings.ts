import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { bookingShares } from '../src/db/schema/booking-mail.ts';
import { bookings } from '../src/db/schema/bookings.ts';
import { referenceItems } from '../src/db/schema/reference.ts';
import type { BookingFacts } from '../src/platform/booking-facts.ts';

/**
 * Test fixture (issue 15): booking rows inserted directly and a BookingFactsSource over them, while the bookings
 * module (and its `factsOf`) is built elsewhere. It lives with the tests, outside the modules (decision 0047).
 */
export const testBookings = {
  async insertConfirmed(db: Database, clientId: string, providerId: string, startsAt: Date) {
    const items = await db.select().from(referenceItems);
    const category = items.find((i) => i.list === 'therapy-category')!;
    const modality = items.find((i) => i.list === 'modality')!;
    const [row] = await db
      .insert(bookings)
      .values({
        clientId,
        providerId,
        therapyCategoryId: category.identifier,
        modalityId: modality.identifier,
        status: 'confirmed',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 50 * 60_000),
        priceAmount: 0,
        currencyCode: 'EUR',
        createdBy: 'client',
        clientReschedulesLeft: 1,
        providerReschedulesLeft: 1,
        meetingLink: 'https://meet.example.com/s',
      })
      .returning();
    return row!;
  },
  /** Facts with fixed names (CBT, Max Muster, Anna Weber). */
  async factsOf(db: Database, id: string): Promise<BookingFacts | undefined> {
    const [b] = await db.select().from(bookings).where(eq(bookings.identifier, id));
    if (!b) return undefined;
    return {
      identifier: b.identifier,
      status: b.status as BookingFacts['status'],
      clientId: b.clientId,
      providerId: b.providerId,
      startsAt: b.startsAt,
      endsAt: b.endsAt,
      modalityCode: 'online',
      therapyCode: 'cbt',
      therapyName: 'CBT',
      meetingLink: b.meetingLink,
      address: b.address,
      priceAmount: b.priceAmount,
      currencyCode: b.currencyCode,
      clientName: 'Max Muster',
      providerName: 'Anna Weber',
      updatedAt: b.updatedAt,
    };
  },
  async sharesBy(db: Database, userId: string) {
    return db.select().from(bookingShares).where(eq(bookingShares.sharedBy, userId));
  },
};
