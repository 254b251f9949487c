import { and, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { dataExports } from '../../db/schema/data-export.ts';

/**
 * The data export's own table, and the reads that gather one user's data across the tables of other modules (as
 * account-erasure.repository.ts does for deletion): plain SQL over the schema, one batch at a time, so a user with
 * 10,000 messages never has them all in memory. Every read carries the user's id (DESIGN.md §9: routable by owner).
 */
export type DataExportRow = typeof dataExports.$inferSelect;

/** Rows per batch: small enough to stay light in memory, large enough that 10,000 messages take 20 queries. */
export const EXPORT_BATCH = 500;

type Row = Record<string, unknown>;
const rowsOf = async (db: Executor, query: ReturnType<typeof sql>): Promise<Row[]> =>
  (await db.execute(query)).rows as Row[];

/** Keyset pages over (created_at, identifier): stable while rows are added, no OFFSET that grows with the page. */
async function* keyset(
  db: Executor,
  page: (after: { at: string; id: string } | null) => ReturnType<typeof sql>,
): AsyncGenerator<Row[]> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const rows = await rowsOf(db, page(after));
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { at: String(last.cursorAt), id: String(last.cursorId) };
  }
}
const afterClause = (alias: string, after: { at: string; id: string } | null) =>
  after
    ? sql`AND (${sql.raw(alias)}.created_at, ${sql.raw(alias)}.identifier) > (${after.at}::timestamptz, ${after.id}::uuid)`
    : sql``;
const nameOf = (alias: string) => sql.raw(`NULLIF(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), '')`);

/**
 * The tables read whole into the `records` part (issue 48: "the export is everything"), each with the person's
 * columns (`owners`), the row's key and the columns never exported: secrets (hashes, tokens, sealed bank numbers:
 * the masked last four are exported), the gateway's internal codes, and the id columns that only repeat the owner.
 * `export-coverage.test.ts` holds every table that references a user to this list, the other parts or its exclusions.
 */
export const recordSections: ReadonlyArray<{
  section: string;
  table: string;
  owners: readonly string[];
  key: string;
  hidden: readonly string[];
  /** Rows of the table that are not the person's data (a files row of an export is the export itself). */
  where?: string;
}> = [
  {
    section: 'practice-records',
    table: 'users',
    owners: ['record_of'],
    key: 'x.identifier',
    hidden: ['password_hash'],
  },
  {
    section: 'client-invitations',
    table: 'client_imports',
    owners: ['provider_id', 'client_id'],
    key: 'x.identifier',
    hidden: ['invite_token_hash'],
  },
  {
    section: 'availability-settings',
    table: 'availability_settings',
    owners: ['provider_id'],
    key: 'x.provider_id',
    hidden: [],
  },
  {
    section: 'availability-days',
    table: 'availability_days',
    owners: ['provider_id'],
    key: 'x.identifier',
    hidden: [],
  },
  {
    section: 'booking-settings',
    table: 'provider_booking_settings',
    owners: ['provider_id'],
    key: 'x.provider_id',
    hidden: [],
  },
  { section: 'fees', table: 'provider_booking_fees', owners: ['provider_id'], key: 'x.identifier', hidden: [] },
  {
    section: 'licence-states',
    table: 'provider_license_states',
    owners: ['provider_id'],
    key: "x.provider_id || ':' || x.state_id",
    hidden: [],
  },
  { section: 'work-history', table: 'work_history', owners: ['provider_id'], key: 'x.identifier', hidden: [] },
  { section: 'qualifications', table: 'qualifications', owners: ['provider_id'], key: 'x.identifier', hidden: [] },
  { section: 'insurance-files', table: 'insurance_files', owners: ['provider_id'], key: 'x.file_id', hidden: [] },
  {
    section: 'verification',
    table: 'provider_verifications',
    owners: ['provider_id'],
    key: 'x.provider_id',
    hidden: ['decided_by'],
  },
  {
    section: 'verification-decisions',
    table: 'verification_decisions',
    owners: ['provider_id'],
    key: 'x.identifier',
    hidden: ['operator_id'],
  },
  { section: 'note-templates', table: 'note_templates', owners: ['provider_id'], key: 'x.identifier', hidden: [] },
  {
    section: 'questionnaire-series',
    table: 'measure_series',
    owners: ['provider_id', 'client_id'],
    key: 'x.identifier',
    hidden: [],
  },
  {
    section: 'group-session-places',
    table: 'booking_participants',
    owners: ['client_id'],
    key: 'x.identifier',
    hidden: [],
  },
  {
    section: 'bank-details',
    table: 'bank_details',
    owners: ['provider_id'],
    key: 'x.provider_id',
    hidden: ['sealed', 'recipient_id'],
  },
  {
    section: 'payouts',
    table: 'payouts',
    owners: ['provider_id'],
    key: 'x.identifier',
    hidden: ['recipient_id', 'transfer_code'],
  },
  {
    section: 'stripe-account',
    table: 'stripe_connected_accounts',
    owners: ['provider_id'],
    key: 'x.identifier',
    hidden: [],
  },
  {
    section: 'top-ups',
    table: 'payments',
    owners: ['user_id'],
    key: 'x.identifier',
    hidden: ['authorization_url', 'idempotency_key'],
  },
  {
    section: 'transfer-account',
    table: 'virtual_accounts',
    owners: ['user_id'],
    key: 'x.identifier',
    hidden: ['customer_code'],
  },
  {
    section: 'notifications',
    table: 'notifications',
    owners: ['recipient_id'],
    key: 'x.identifier',
    hidden: ['dedupe_key'],
  },
  {
    section: 'files',
    table: 'files',
    owners: ['owner_user_id'],
    key: 'x.identifier',
    hidden: ['storage_key', 'sha256'],
    where: "x.purpose <> 'export'",
  },
  { section: 'sign-in-accounts', table: 'user_identities', owners: ['user_id'], key: 'x.identifier', hidden: [] },
  // Issue 49: which notification mails come (and when marketing was allowed), and a device's consent to analytics as
  // the account was told it (the browser name and the truncated network the service counts by; withdrawn: no row).
  {
    section: 'mail-settings',
    table: 'mail_preferences',
    owners: ['user_id'],
    key: 'x.user_id',
    hidden: [],
  },
  {
    section: 'analytics-consent',
    table: 'analytics_consents',
    owners: ['user_id'],
    key: 'x.user_id',
    hidden: [],
  },
];

export const dataExportRepository = {
  /** Serialises export requests of one user (with the pending check after it, so concurrent requests make one). */
  async lockUser(tx: Executor, userId: string): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('data_exports'), hashtext(${userId}))`);
  },
  async findPending(db: Executor, userId: string): Promise<DataExportRow | undefined> {
    const [row] = await db
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'pending')))
      .limit(1);
    return row;
  },
  async insert(tx: Executor, values: { identifier: string; userId: string; createdAt: Date }): Promise<DataExportRow> {
    const [row] = await tx.insert(dataExports).values(values).returning();
    return row!;
  },
  async latest(db: Executor, userId: string): Promise<DataExportRow | undefined> {
    const [row] = await db
      .select()
      .from(dataExports)
      .where(eq(dataExports.userId, userId))
      .orderBy(desc(dataExports.createdAt), desc(dataExports.identifier))
      .limit(1);
    return row;
  },
  async find(db: Executor, id: string): Promise<DataExportRow | undefined> {
    const [row] = await db.select().from(dataExports).where(eq(dataExports.identifier, id)).limit(1);
    return row;
  },
  /** Only a pending export becomes ready (a retried job that finds it ready changes nothing). */
  async markReady(
    tx: Executor,
    id: string,
    values: { fileId: string; sizeBytes: number; readyAt: Date; expiresAt: Date },
  ): Promise<DataExportRow | undefined> {
    const [row] = await tx
      .update(dataExports)
      .set({ status: 'ready', ...values })
      .where(and(eq(dataExports.identifier, id), eq(dataExports.status, 'pending')))
      .returning();
    return row;
  },
  async markFailed(db: Executor, id: string, failure: string): Promise<void> {
    await db
      .update(dataExports)
      .set({ status: 'failed', failure: failure.slice(0, 500) })
      .where(and(eq(dataExports.identifier, id), eq(dataExports.status, 'pending')));
  },
  /** Ready exports past their 24 hours that still have a file (the purge job removes it). */
  async expiredFiles(db: Executor, now: Date, limit: number): Promise<string[]> {
    const rows = await db
      .select({ fileId: dataExports.fileId })
      .from(dataExports)
      .where(and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, now), isNotNull(dataExports.fileId)))
      .limit(limit);
    return rows.map((r) => r.fileId!);
  },

  // ---- the user's data, part by part ----

  async account(db: Executor, userId: string): Promise<Row | undefined> {
    const [row] = await rowsOf(
      db,
      sql`SELECT u.identifier, u.email, u.user_type AS "userType", u.first_name AS "firstName", u.last_name AS "lastName",
                 u.phone_number AS "phoneNumber", u.country_code AS "countryCode", u.locale AS "language", u.timezone,
                 u.is_social AS "isSocial", u.email_verified_at AS "emailVerifiedAt", u.created_at AS "createdAt", u.deleted_at AS "deletedAt"
            FROM users u WHERE u.identifier = ${userId}`,
    );
    return row;
  },
  async clientProfile(db: Executor, userId: string): Promise<Row | undefined> {
    const [row] = await rowsOf(
      db,
      sql`SELECT cp.user_name AS "userName", s.name AS "state", cp.zip_code AS "zipCode", cp.dob::text AS "dateOfBirth", cp.gender,
                 rel.name AS "religion", eth.name AS "ethnicity", ec.name_sealed AS "emergencyContactNameSealed", ec.phone_number_sealed AS "emergencyContactPhoneSealed"
            FROM users u
            LEFT JOIN client_profiles cp ON cp.user_id = u.identifier
            LEFT JOIN states s ON s.identifier = cp.state_id
            LEFT JOIN reference_items rel ON rel.identifier = cp.religion_id
            LEFT JOIN reference_items eth ON eth.identifier = cp.ethnicity_id
            LEFT JOIN emergency_contacts ec ON ec.user_id = u.identifier
           WHERE u.identifier = ${userId}`,
    );
    return row;
  },
  async providerProfile(db: Executor, userId: string): Promise<Row | undefined> {
    const [row] = await rowsOf(
      db,
      sql`SELECT pp.headline, pp.title, pp.office_address AS "officeAddress", pp.bio, pp.zip_code AS "zipCode", s.name AS "state",
                 pp.dob::text AS "dateOfBirth", pp.gender, rel.name AS "religion", eth.name AS "ethnicity", dis.name AS "discipline",
                 pp.setup_completed_at AS "setupCompletedAt",
                 (SELECT string_agg(ri.name, '; ' ORDER BY ri.list, ri.sort_order) FROM provider_profile_items pi
                    JOIN reference_items ri ON ri.identifier = pi.item_id WHERE pi.user_id = u.identifier) AS "therapiesModalitiesSpecialities",
                 (SELECT string_agg(l.name, '; ' ORDER BY l.name) FROM provider_languages pl
                    JOIN languages l ON l.identifier = pl.language_id WHERE pl.user_id = u.identifier) AS "sessionLanguages"
            FROM users u
            LEFT JOIN provider_profiles pp ON pp.user_id = u.identifier
            LEFT JOIN states s ON s.identifier = pp.state_id
            LEFT JOIN reference_items rel ON rel.identifier = pp.religion_id
            LEFT JOIN reference_items eth ON eth.identifier = pp.ethnicity_id
            LEFT JOIN reference_items dis ON dis.identifier = pp.discipline_id
           WHERE u.identifier = ${userId}`,
    );
    return row;
  },

  bookings(db: Executor, userId: string): AsyncGenerator<Row[]> {
    return keyset(
      db,
      (after) => sql`
        SELECT b.identifier, CASE WHEN b.client_id = ${userId} THEN 'client' ELSE 'provider' END AS "role",
               b.client_id AS "clientId", ${nameOf('c')} AS "clientName", b.provider_id AS "providerId", ${nameOf('p')} AS "providerName",
               tc.name AS "therapy", mo.name AS "modality", b.status, b.previous_status AS "previousStatus",
               b.starts_at AS "startsAt", b.ends_at AS "endsAt", b.price_amount AS "priceMinor", b.currency_code AS "currencyCode",
               b.note_sealed AS "noteSealed", b.address, b.created_by AS "createdBy", b.created_at AS "createdAt", b.paid_at AS "paidAt",
               b.completed_at AS "completedAt", b.cancelled_at AS "cancelledAt", b.cancelled_by AS "cancelledBy",
               b.cancel_note_sealed AS "cancelNoteSealed", b.refund_amount AS "refundMinor",
               b.created_at::text AS "cursorAt", b.identifier AS "cursorId"
          FROM bookings b
          JOIN users c ON c.identifier = b.client_id
          JOIN users p ON p.identifier = b.provider_id
          LEFT JOIN reference_items tc ON tc.identifier = b.therapy_category_id
          LEFT JOIN reference_items mo ON mo.identifier = b.modality_id
         WHERE (b.client_id = ${userId} OR b.provider_id = ${userId}) ${afterClause('b', after)}
         ORDER BY b.created_at, b.identifier LIMIT ${EXPORT_BATCH}`,
    );
  },

  ledgerEntries(db: Executor, userId: string): AsyncGenerator<Row[]> {
    return keyset(
      db,
      (after) => sql`
        SELECT e.identifier, e.created_at AS "createdAt", a.kind AS "account", t.type, t.description, t.reference,
               e.amount AS "amountMinor", e.currency_code AS "currencyCode", e.transaction_id AS "transactionId",
               e.created_at::text AS "cursorAt", e.identifier AS "cursorId"
          FROM ledger_entries e
          JOIN ledger_accounts a ON a.identifier = e.account_id
          JOIN ledger_transactions t ON t.identifier = e.transaction_id
         WHERE a.user_id = ${userId} ${afterClause('e', after)}
         ORDER BY e.created_at, e.identifier LIMIT ${EXPORT_BATCH}`,
    );
  },

  reviews(db: Executor, userId: string): AsyncGenerator<Row[]> {
    return keyset(
      db,
      (after) => sql`
        SELECT r.identifier, r.booking_id AS "bookingId", CASE WHEN r.client_id = ${userId} THEN 'author' ELSE 'about-you' END AS "role",
               r.client_id AS "clientId", ${nameOf('c')} AS "clientName", r.provider_id AS "providerId", ${nameOf('p')} AS "providerName",
               r.half_stars AS "halfStars", r.comment, r.is_anonymous AS "isAnonymous", r.edits, r.created_at AS "createdAt", r.updated_at AS "updatedAt",
               r.created_at::text AS "cursorAt", r.identifier AS "cursorId"
          FROM reviews r
          JOIN users c ON c.identifier = r.client_id
          JOIN users p ON p.identifier = r.provider_id
         WHERE (r.client_id = ${userId} OR r.provider_id = ${userId}) ${afterClause('r', after)}
         ORDER BY r.created_at, r.identifier LIMIT ${EXPORT_BATCH}`,
    );
  },

  messages(db: Executor, userId: string): AsyncGenerator<Row[]> {
    return keyset(
      db,
      (after) => sql`
        SELECT m.identifier, m.conversation_id AS "conversationId", m.sender_id AS "senderId", ${nameOf('s')} AS "senderName",
               CASE WHEN m.sender_id = cv.client_id THEN cv.provider_id ELSE cv.client_id END AS "recipientId",
               ${nameOf('r')} AS "recipientName", m.created_at AS "sentAt", m.content_sealed AS "contentSealed",
               m.edited_at AS "editedAt", m.deleted_at AS "deletedAt",
               (SELECT coalesce(json_agg(json_build_object('identifier', a.identifier, 'nameSealed', a.name_sealed) ORDER BY a.created_at), '[]'::json)
                  FROM chat_attachments a WHERE a.message_id = m.identifier) AS "attachments",
               m.created_at::text AS "cursorAt", m.identifier AS "cursorId"
          FROM chat_messages m
          JOIN conversations cv ON cv.identifier = m.conversation_id
          JOIN users s ON s.identifier = m.sender_id
          JOIN users r ON r.identifier = CASE WHEN m.sender_id = cv.client_id THEN cv.provider_id ELSE cv.client_id END
         WHERE (cv.client_id = ${userId} OR cv.provider_id = ${userId}) ${afterClause('m', after)}
         ORDER BY m.created_at, m.identifier LIMIT ${EXPORT_BATCH}`,
    );
  },

  measures(db: Executor, userId: string): AsyncGenerator<Row[]> {
    return keyset(
      db,
      (after) => sql`
        SELECT ms.identifier, ms.kind, CASE WHEN ms.client_id = ${userId} THEN 'sent-to-you' ELSE 'sent-by-you' END AS "role",
               ms.client_id AS "clientId", ${nameOf('c')} AS "clientName", ms.provider_id AS "providerId", ${nameOf('p')} AS "providerName",
               ms.booking_id AS "bookingId", ms.created_at AS "sentAt", ms.answered_at AS "answeredAt", ms.reviewed_at AS "reviewedAt",
               ms.result_sealed AS "resultSealed",
               ms.created_at::text AS "cursorAt", ms.identifier AS "cursorId"
          FROM measures ms
          JOIN users c ON c.identifier = ms.client_id
          JOIN users p ON p.identifier = ms.provider_id
         WHERE (ms.client_id = ${userId} OR ms.provider_id = ${userId}) ${afterClause('ms', after)}
         ORDER BY ms.created_at, ms.identifier LIMIT ${EXPORT_BATCH}`,
    );
  },

  notes(db: Executor, userId: string): AsyncGenerator<Row[]> {
    return keyset(
      db,
      (after) => sql`
        SELECT n.identifier, n.type, n.booking_id AS "bookingId", n.client_id AS "clientId", ${nameOf('c')} AS "clientName",
               n.title_sealed AS "titleSealed", n.content_sealed AS "contentSealed", n.file_name_sealed AS "fileNameSealed",
               n.file_size_bytes AS "fileSizeBytes", n.file_content_type AS "fileContentType",
               n.created_at AS "createdAt", n.updated_at AS "updatedAt",
               n.sections_sealed AS "sectionsSealed", n.signed_at AS "signedAt",
               (SELECT coalesce(json_agg(json_build_object('identifier', a.identifier, 'createdAt', a.created_at, 'contentSealed', a.content_sealed) ORDER BY a.created_at), '[]'::json)
                  FROM note_addenda a WHERE a.note_id = n.identifier AND a.author_id = ${userId}) AS "addenda",
               n.created_at::text AS "cursorAt", n.identifier AS "cursorId"
          FROM notes n
          JOIN users c ON c.identifier = n.client_id
         WHERE n.author_id = ${userId} ${afterClause('n', after)}
         ORDER BY n.created_at, n.identifier LIMIT ${EXPORT_BATCH}`,
    );
  },
  /**
   * What a client looks for in a therapist (issue 48: the export left it out): the reference items of each list, the
   * countries and the languages they chose. A person has a few dozen at most, so one query.
   */
  async therapistPreferences(db: Executor, userId: string): Promise<Row[]> {
    return rowsOf(
      db,
      sql`SELECT * FROM (
            SELECT ci.list::text AS "kind", ri.identifier, ri.name AS "value", ri.sort_order AS "sortOrder"
              FROM client_preference_items ci JOIN reference_items ri ON ri.identifier = ci.item_id AND ri.list = ci.list
             WHERE ci.user_id = ${userId}
            UNION ALL
            SELECT 'country', c.identifier, c.name, 0 FROM client_preference_countries pc JOIN countries c ON c.identifier = pc.country_id
             WHERE pc.user_id = ${userId}
            UNION ALL
            SELECT 'language', l.identifier, l.name, 0 FROM client_preference_languages pl JOIN languages l ON l.identifier = pl.language_id
             WHERE pl.user_id = ${userId}) p
          ORDER BY "kind", "sortOrder", "value"`,
    );
  },

  /** The waitlist entries of a client (or for a provider), each with the offers it was made (issue 48). */
  waitlist(db: Executor, userId: string): AsyncGenerator<Row[]> {
    return keyset(
      db,
      (after) => sql`
        SELECT w.identifier, CASE WHEN w.client_id = ${userId} THEN 'client' ELSE 'provider' END AS "role",
               w.client_id AS "clientId", ${nameOf('c')} AS "clientName", w.provider_id AS "providerId", ${nameOf('p')} AS "providerName",
               tc.name AS "therapy", mo.name AS "modality", w.from_date::text AS "fromDate", w.to_date::text AS "toDate",
               w.from_minute AS "fromMinute", w.to_minute AS "toMinute", w.timezone, w.status, w.created_at AS "createdAt",
               (SELECT coalesce(json_agg(json_build_object('identifier', o.identifier, 'startsAt', o.starts_at, 'endsAt', o.ends_at,
                         'expiresAt', o.expires_at, 'status', o.status, 'bookingId', o.booking_id, 'createdAt', o.created_at) ORDER BY o.created_at), '[]'::json)
                  FROM waitlist_offers o WHERE o.entry_id = w.identifier) AS "offers",
               w.created_at::text AS "cursorAt", w.identifier AS "cursorId"
          FROM waitlist_entries w
          JOIN users c ON c.identifier = w.client_id
          JOIN users p ON p.identifier = w.provider_id
          LEFT JOIN reference_items tc ON tc.identifier = w.therapy_category_id
          LEFT JOIN reference_items mo ON mo.identifier = w.modality_id
         WHERE (w.client_id = ${userId} OR w.provider_id = ${userId}) ${afterClause('w', after)}
         ORDER BY w.created_at, w.identifier LIMIT ${EXPORT_BATCH}`,
    );
  },

  /**
   * The `records` part: every other table that holds the person's data, one row per entry with its section and its
   * columns as they are stored (`details`), minus what is secret or another person's (the sections' `hidden`).
   * Keyset pages over the row's key, section by section.
   */
  async *records(db: Executor, userId: string): AsyncGenerator<Row[]> {
    for (const r of recordSections) {
      const owner = sql.join(
        r.owners.map((c) => sql`x.${sql.raw(c)} = ${userId}`),
        sql` OR `,
      );
      const hidden = sql.raw(`ARRAY[${r.hidden.map((c) => `'${c}'`).join(', ')}]::text[]`);
      let after: string | null = null;
      for (;;) {
        const rows = await rowsOf(
          db,
          sql`SELECT ${r.section} AS "section", (${sql.raw(r.key)})::text AS "key", to_jsonb(x) - ${hidden} AS "details"
                FROM ${sql.raw(r.table)} x
               WHERE (${owner}) ${r.where ? sql`AND ${sql.raw(r.where)}` : sql``} ${after === null ? sql`` : sql`AND (${sql.raw(r.key)})::text > ${after}`}
               ORDER BY 2 LIMIT ${EXPORT_BATCH}`,
        );
        if (rows.length > 0) yield rows;
        if (rows.length < EXPORT_BATCH) break;
        after = String(rows[rows.length - 1]!.key);
      }
    }
  },
};
