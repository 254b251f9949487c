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
               n.created_at::text AS "cursorAt", n.identifier AS "cursorId"
          FROM notes n
          JOIN users c ON c.identifier = n.client_id
         WHERE n.author_id = ${userId} ${afterClause('n', after)}
         ORDER BY n.created_at, n.identifier LIMIT ${EXPORT_BATCH}`,
    );
  },
};
