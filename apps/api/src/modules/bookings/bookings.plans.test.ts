// eslint-disable-next-line no-restricted-imports -- the test asks PostgreSQL how it runs the repository's subqueries.
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, type World } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { busyTimes } from './bookings.repository.ts';

/**
 * Every booking reads its provider's busy times and counts its client's unpaid bookings. Both must find their rows by
 * an index that fits the question, not read the provider's whole history or every hold there is: before, the busy
 * times took the provider's index and filtered all of their bookings (0.75 ms at 480 bookings, and growing with
 * every booking ever made), and the count took the holds' index and read every hold of every client. PostgreSQL plans
 * these before it has statistics on a new table too (a fresh database, the bench), so both cases are asked.
 */
let t: TestApp;
let w: World;
const HISTORY = 2000;
beforeAll(async () => {
  t = await buildTestApp();
  w = await bookingWorld(t);
  // A year of the provider's past sessions and a crowd of other clients' holds, all in one statement.
  await t.db.$client.query(
    `INSERT INTO bookings (identifier, client_id, provider_id, therapy_category_id, modality_id, status, starts_at, ends_at, price_amount, currency_code, hold_expires_at, created_by, client_reschedules_left, provider_reschedules_left)
     SELECT gen_random_uuid(), $1, $2, $3, $4, (CASE WHEN i % 2 = 0 THEN 'pending' ELSE 'confirmed' END)::booking_status,
            now() - make_interval(hours => i * 3), now() - make_interval(hours => i * 3) + interval '1 hour', 1000, 'NGN',
            CASE WHEN i % 2 = 0 THEN now() + interval '30 minutes' END, 'client', 2, 3
       FROM generate_series(1, $5::int) i`,
    [w.client.userId, w.provider.userId, w.categoryId, w.modalityId, HISTORY],
  );
});
afterAll(async () => {
  await t.close();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}
/** The scans of `bookings` in the plan PostgreSQL runs for `query`. */
async function bookingScans(query: SQL): Promise<PlanNode[]> {
  const result = await t.db.execute<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
    sql`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`,
  );
  const scans: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    if (node['Relation Name'] === 'bookings') scans.push(node);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(result.rows[0]!['QUERY PLAN'][0]!.Plan);
  return scans;
}
/** The index a scan reads: its own, or a bitmap scan's (PostgreSQL may take the index through a bitmap). */
const indexOf = (scan: PlanNode | undefined): string | undefined =>
  scan?.['Index Name'] ?? scan?.Plans?.find((p) => p['Node Type'] === 'Bitmap Index Scan')?.['Index Name'];

/**
 * The scans of `bookings` in the plans of the statements run inside an SQL function (migration 0029), by each
 * statement's text: auto_explain sends every nested statement's plan to this connection as a notice. Rolled back, on a
 * connection of its own that is closed after.
 */
async function nestedBookingScans(
  text: string,
  values: unknown[],
): Promise<Array<{ query: string; scans: PlanNode[] }>> {
  const client = await t.db.$client.connect();
  const notices: string[] = [];
  client.on('notice', (notice) => notices.push(notice.message ?? ''));
  try {
    await client.query("LOAD 'auto_explain'");
    await client.query(
      "SET auto_explain.log_min_duration = 0; SET auto_explain.log_nested_statements = on; SET auto_explain.log_analyze = on; SET auto_explain.log_format = 'json'; SET auto_explain.log_level = 'notice'; SET client_min_messages = 'notice'",
    );
    await client.query('BEGIN');
    await client.query(text, values);
    await client.query('ROLLBACK');
  } finally {
    client.release(true);
  }
  return notices
    .filter((n) => n.includes('"Plan"'))
    .map((n) => JSON.parse(n.slice(n.indexOf('{'))) as { 'Query Text': string; Plan: PlanNode })
    .map((explained) => {
      const scans: PlanNode[] = [];
      const walk = (node: PlanNode) => {
        if (node['Relation Name'] === 'bookings') scans.push(node);
        for (const child of node.Plans ?? []) walk(child);
      };
      walk(explained.Plan);
      return { query: explained['Query Text'], scans };
    });
}

describe.each([
  ['before the table has statistics', false],
  ['after ANALYZE', true],
])('booking reads %s', (_, analyze) => {
  beforeAll(async () => {
    if (analyze) await t.db.$client.query('ANALYZE bookings');
  });

  it("reads a provider's busy times through the exclusion constraint's index, only the window asked for", async () => {
    const now = new Date();
    const from = new Date(now.getTime() - 3 * 86_400_000);
    const to = new Date(now.getTime() + 3 * 86_400_000);
    const [scan, ...others] = await bookingScans(
      sql`SELECT * FROM (${busyTimes(sql`${w.provider.userId}`, sql`${from.toISOString()}`, sql`${to.toISOString()}`, sql`${now.toISOString()}`)}) b`,
    );
    expect(others).toEqual([]);
    expect(indexOf(scan)).toBe('bookings_no_overlap');
    // Three days back at one session every three hours: 24 sessions, half of them holds; nothing of the rest of the year.
    expect(scan!['Actual Rows']! + (scan!['Rows Removed by Filter'] ?? 0)).toBeLessThanOrEqual(25);
  });

  it("counts a client's unpaid bookings from that client's rows, not every hold, after taking the client's lock", async () => {
    const someone = await t.signUp('client');
    const now = new Date().toISOString();
    const statements = await nestedBookingScans('SELECT booking_client_lock($1, $2, $3, $4, $5, $6)', [
      `booking-client:${someone.userId}`,
      someone.userId,
      w.provider.userId,
      now,
      now,
      now,
    ]);
    const counts = statements.filter((s) => /count\(DISTINCT/.test(s.query));
    expect(counts).toHaveLength(1);
    const [scan, ...others] = counts[0]!.scans;
    expect(others).toEqual([]);
    expect(indexOf(scan)).toBe('bookings_unpaid_idx');
    expect(scan!['Actual Rows']).toBe(0);
    expect(scan!['Rows Removed by Filter'] ?? 0).toBe(0);
  });
});
