import { and, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { m } from '@therapy/contracts/messages';
import { clientImports } from '../../db/schema/clients.ts';
import { people } from '../../db/schema/users.ts';
import { bookingSessions } from '../../db/schema/bookings.ts';
import { AppError } from '../../platform/errors.ts';
import { refusedAs } from '../../platform/pg-errors.ts';

/**
 * A provider's clients: imports (this module's table) and, read-only, the bookings, accounts and client profiles
 * they join (decision 0027: shared schema, one query). The rules are in clients.service.ts.
 */
export type ClientImportRow = typeof clientImports.$inferSelect;
export type NewClientImport = typeof clientImports.$inferInsert;

export interface ClientListRow {
  user_id: string | null;
  is_record: boolean;
  import_id: string | null;
  since: Date | string;
  sources: Array<'booking' | 'import'>;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone_number: string | null;
  invited_at: Date | string | null;
  photo_file_id: string | null;
  avatar_url: string | null;
  total: string;
}

export const clientsRepository = {
  /** Imports (each with its practice record, made by the user module first: decision 0053). */
  async insertImports(ex: Executor, rows: NewClientImport[]): Promise<ClientImportRow[]> {
    if (rows.length === 0) return [];
    return refusedAs(
      ex.insert(clientImports).values(rows).returning(),
      'unique',
      () => AppError.rule(m.clientImportDuplicate),
      'client_imports_provider_email_key',
    );
  },

  /** The provider's import holding this practice record, locked for a change (another provider's: none). */
  async lockRecord(ex: Executor, providerId: string, recordId: string): Promise<ClientImportRow | undefined> {
    const [row] = await ex
      .select()
      .from(clientImports)
      .where(and(eq(clientImports.providerId, providerId), eq(clientImports.recordId, recordId)))
      .limit(1)
      .for('update');
    return row;
  },

  /** The provider's import of this client: of their record, or of the account that accepted it. */
  async importOf(ex: Executor, providerId: string, clientId: string): Promise<ClientImportRow | undefined> {
    const [row] = await ex
      .select()
      .from(clientImports)
      .where(
        and(
          eq(clientImports.providerId, providerId),
          sql`(${clientImports.recordId} = ${clientId} OR ${clientImports.clientId} = ${clientId})`,
        ),
      )
      .limit(1);
    return row;
  },

  /** New details of a record's import (the user module changes the record's row). */
  async updateRecord(
    ex: Executor,
    importId: string,
    v: { firstName: string; lastName: string; email: string; phoneNumber: string | null },
  ): Promise<ClientImportRow> {
    const [row] = await refusedAs(
      ex.update(clientImports).set(v).where(eq(clientImports.identifier, importId)).returning(),
      'unique',
      () => AppError.rule(m.clientImportDuplicate),
      'client_imports_provider_email_key',
    );
    return row!;
  },

  /** The provider's practice records not joined yet, by name. */
  async recordsOf(ex: Executor, providerId: string) {
    return ex
      .select({
        identifier: clientImports.recordId,
        firstName: clientImports.firstName,
        lastName: clientImports.lastName,
      })
      .from(clientImports)
      .where(and(eq(clientImports.providerId, providerId), isNotNull(clientImports.recordId)))
      .orderBy(clientImports.lastName, clientImports.firstName);
  },

  async deleteImport(ex: Executor, importId: string): Promise<void> {
    await ex.delete(clientImports).where(eq(clientImports.identifier, importId));
  },

  async setInvitation(ex: Executor, importId: string, tokenHash: string, at: Date, expiresAt: Date) {
    const [row] = await ex
      .update(clientImports)
      .set({ inviteTokenHash: tokenHash, invitedAt: at, inviteExpiresAt: expiresAt })
      .where(eq(clientImports.identifier, importId))
      .returning();
    return row!;
  },

  /** The person accepted: the import names their account, no longer the record (which the user module deletes). */
  async unlinkRecord(ex: Executor, recordId: string): Promise<void> {
    await ex.update(clientImports).set({ recordId: null }).where(eq(clientImports.recordId, recordId));
  },

  /**
   * Which of these addresses are in the provider's list already: imported (case-insensitive: the column is citext),
   * or the address of an account that booked them.
   */
  async importedEmails(ex: Executor, providerId: string, emails: string[]): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const rows = await ex
      .select({ email: clientImports.email })
      .from(clientImports)
      .where(and(eq(clientImports.providerId, providerId), inArray(clientImports.email, emails)));
    const booked = await ex
      .select({ email: people.email })
      .from(bookingSessions)
      .innerJoin(people, eq(people.identifier, bookingSessions.clientId))
      .where(and(eq(bookingSessions.providerId, providerId), isNull(people.deletedAt), inArray(people.email, emails)));
    return new Set([...rows, ...booked].map((r) => r.email.toLowerCase()));
  },

  /** An open invitation by its token's hash (not accepted, not expired), locked for the acceptance. */
  async lockInvitation(ex: Executor, tokenHash: string, now: Date): Promise<ClientImportRow | undefined> {
    const [row] = await ex
      .select()
      .from(clientImports)
      .where(
        and(
          eq(clientImports.inviteTokenHash, tokenHash),
          isNull(clientImports.acceptedAt),
          gt(clientImports.inviteExpiresAt, now),
        ),
      )
      .limit(1)
      .for('update');
    return row;
  },

  async accept(ex: Executor, id: string, clientId: string, now: Date): Promise<void> {
    await ex
      .update(clientImports)
      .set({ clientId, acceptedAt: now, inviteTokenHash: null })
      .where(eq(clientImports.identifier, id));
  },

  /**
   * Whether the client is the provider's: a booking between them, an import the client accepted, or the provider's
   * own practice record (another provider's record is nobody's client here).
   */
  async sources(ex: Executor, providerId: string, clientId: string): Promise<Array<'booking' | 'import'>> {
    const result = await ex.execute<{ booked: boolean; imported: boolean }>(sql`
      SELECT EXISTS (SELECT 1 FROM bookings b WHERE b.provider_id = ${providerId} AND b.client_id = ${clientId}) AS booked,
             EXISTS (SELECT 1 FROM client_imports ci WHERE ci.provider_id = ${providerId}
                       AND (ci.client_id = ${clientId} OR ci.record_id = ${clientId})) AS imported
        FROM users u WHERE u.identifier = ${clientId} AND u.deleted_at IS NULL AND u.user_type = 'client'
         AND (u.record_of IS NULL OR u.record_of = ${providerId})`);
    const row = result.rows[0];
    if (!row) return [];
    return [...(row.booked ? (['booking'] as const) : []), ...(row.imported ? (['import'] as const) : [])];
  },

  /**
   * One page of the provider's clients, newest relation first: people on the platform (booked, or accepted an
   * import) once each, and imports not accepted yet; `search` matches names and imported addresses.
   */
  async page(
    ex: Executor,
    providerId: string,
    search: string | undefined,
    limit: number,
    offset: number,
  ): Promise<ClientListRow[]> {
    const like = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const result = await ex.execute<ClientListRow & Record<string, unknown>>(sql`
      WITH rel AS (
        SELECT b.client_id AS user_id, NULL::uuid AS import_id, min(b.created_at) AS since, 'booking' AS source
          FROM bookings b WHERE b.provider_id = ${providerId} GROUP BY b.client_id
        UNION ALL
        SELECT coalesce(ci.client_id, ci.record_id), ci.identifier, ci.created_at, 'import'
          FROM client_imports ci WHERE ci.provider_id = ${providerId}
      ), grouped AS (
        SELECT user_id, (array_agg(import_id) FILTER (WHERE import_id IS NOT NULL))[1] AS import_id, min(since) AS since,
               array_agg(DISTINCT source ORDER BY source) AS sources
          FROM rel WHERE user_id IS NOT NULL GROUP BY user_id
        UNION ALL
        SELECT NULL, import_id, since, ARRAY['import'] FROM rel WHERE user_id IS NULL
      )
      SELECT g.user_id, coalesce(u.record_of IS NOT NULL, false) AS is_record, g.import_id, g.since, g.sources,
             coalesce(u.first_name, ci.first_name) AS first_name, coalesce(u.last_name, ci.last_name) AS last_name,
             ci.email::text AS email, ci.phone_number, ci.invited_at, cp.photo_file_id, av.photo_url AS avatar_url,
             count(*) OVER () AS total
        FROM grouped g
        LEFT JOIN users u ON u.identifier = g.user_id
        LEFT JOIN client_imports ci ON ci.identifier = g.import_id
        LEFT JOIN client_profiles cp ON cp.user_id = g.user_id
        LEFT JOIN avatars av ON av.identifier = cp.avatar_id
       WHERE (g.user_id IS NULL OR u.deleted_at IS NULL)
         ${like ? sql`AND (coalesce(u.first_name, ci.first_name, '') || ' ' || coalesce(u.last_name, ci.last_name, '') ILIKE ${like} OR ci.email::text ILIKE ${like})` : sql``}
       ORDER BY g.since DESC, coalesce(g.user_id, g.import_id)
       LIMIT ${limit} OFFSET ${offset}`);
    return result.rows;
  },
};
