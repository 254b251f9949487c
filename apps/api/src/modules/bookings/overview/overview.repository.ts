import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';

/**
 * The dashboards' reads (issue 16): which bookings each card shows, as identifiers (the service reads each through
 * the booking view, like every list) with the card's total. Drizzle only; the rules are in overview.service.ts.
 */
const ids = (rows: Array<{ id: string }>) => rows.map((r) => r.id);

export const overviewRepository = {
  /** The client's confirmed sessions that have not ended, soonest first: the first and how many. */
  async upcoming(ex: Executor, clientId: string, now: Date): Promise<{ next: string | undefined; count: number }> {
    const result = await ex.execute<{ id: string; total: string }>(sql`
      SELECT identifier AS id, count(*) OVER () AS total FROM bookings
       WHERE client_id = ${clientId} AND status = 'confirmed' AND ends_at > ${now}
       ORDER BY starts_at, identifier LIMIT 1`);
    const row = result.rows[0];
    return { next: row?.id, count: row ? Number(row.total) : 0 };
  },

  /** Completed sessions the client has not reviewed, newest first (`limit`), and how many in all. */
  async toReview(ex: Executor, clientId: string, limit: number): Promise<{ ids: string[]; count: number }> {
    const result = await ex.execute<{ id: string; total: string }>(sql`
      SELECT b.identifier AS id, count(*) OVER () AS total FROM bookings b
        JOIN booking_participants p ON p.booking_id = b.identifier AND p.client_id = ${clientId}
       WHERE b.client_id = ${clientId} AND b.status = 'completed' AND NOT p.feedback_provided
       ORDER BY b.starts_at DESC, b.identifier LIMIT ${limit}`);
    return { ids: ids(result.rows), count: result.rows[0] ? Number(result.rows[0].total) : 0 };
  },

  /** For each therapist the client has completed a session with (most recent first, `limit`): that latest booking. */
  async latestWithEachTherapist(ex: Executor, clientId: string, limit: number): Promise<string[]> {
    const result = await ex.execute<{ id: string }>(sql`
      SELECT id FROM (
        SELECT DISTINCT ON (provider_id) identifier AS id, starts_at FROM bookings
         WHERE client_id = ${clientId} AND status = 'completed'
         ORDER BY provider_id, starts_at DESC
      ) latest ORDER BY starts_at DESC, id LIMIT ${limit}`);
    return ids(result.rows);
  },

  /** The provider's sessions starting in [from, to): requested, confirmed, completed, and pending while held. */
  async startingBetween(ex: Executor, providerId: string, from: Date, to: Date, now: Date): Promise<string[]> {
    const result = await ex.execute<{ id: string }>(sql`
      SELECT identifier AS id FROM bookings
       WHERE provider_id = ${providerId} AND starts_at >= ${from} AND starts_at < ${to}
         AND (status IN ('requested', 'confirmed', 'completed') OR (status = 'pending' AND (hold_expires_at IS NULL OR hold_expires_at > ${now})))
       ORDER BY starts_at, identifier`);
    return ids(result.rows);
  },

  /** Requests the provider has not answered and that have not started, soonest first (`limit`), and how many. */
  async requests(
    ex: Executor,
    providerId: string,
    now: Date,
    limit: number,
  ): Promise<{ ids: string[]; count: number }> {
    const result = await ex.execute<{ id: string; total: string }>(sql`
      SELECT identifier AS id, count(*) OVER () AS total FROM bookings
       WHERE provider_id = ${providerId} AND status = 'requested' AND (starts_at IS NULL OR starts_at > ${now})
       ORDER BY starts_at ASC NULLS LAST, identifier LIMIT ${limit}`);
    return { ids: ids(result.rows), count: result.rows[0] ? Number(result.rows[0].total) : 0 };
  },

  /** The provider's own time zone (the account's), which the dashboard's "today" and "this month" are in. */
  async timezoneOf(ex: Executor, userId: string): Promise<string | null> {
    const result = await ex.execute<{ timezone: string | null }>(
      sql`SELECT timezone FROM users WHERE identifier = ${userId}`,
    );
    return result.rows[0]?.timezone ?? null;
  },
};
