import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * The provider's access log (issue 20; decision 0037): Drizzle only. The notes' own log (note_access_log) and the
 * record access log (record_access_log) are read as one list in one statement: a UNION ALL of the provider's lines of
 * each (indexes on (author_id, at) and (owner_id, at)), newest first, one page of it and the count of all of it.
 */
export interface AccessLogFilter {
  ownerId: string;
  recordType?: 'note' | 'measure' | 'client' | undefined;
  clientId?: string | undefined;
  /** From this instant (included) to that one (excluded): the provider's calendar days, turned into instants. */
  from?: Date | undefined;
  before?: Date | undefined;
  limit: number;
  offset: number;
}

export interface AccessLogRow {
  total: number;
  identifier: string | null;
  at: Date | string | null;
  action: string | null;
  record_type: string | null;
  record_id: string | null;
  client_id: string | null;
  client_name: string | null;
  actor_id: string | null;
  actor_name: string | null;
  ip_address: string | null;
  user_agent: string | null;
}

const and = (parts: SQL[]) => sql.join(parts, sql` AND `);
/** A live account's full name; none once the account is deleted (its row is anonymised then anyway). */
const liveName = (alias: string) =>
  sql.raw(
    `CASE WHEN ${alias}.deleted_at IS NULL THEN nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '') END`,
  );

export const accessLogRepository = {
  /**
   * One page of the provider's log and the count of all lines that match. Always at least one row: past the last page
   * it is a row of nulls that still carries the total.
   */
  async page(ex: Executor, f: AccessLogFilter): Promise<AccessLogRow[]> {
    const branches: SQL[] = [];
    if (!f.recordType || f.recordType === 'note') {
      // A note's client comes from the note; once the note is deleted it is unknown (the log keeps only its id).
      const where = [sql`l.author_id = ${f.ownerId}`];
      if (f.from) where.push(sql`l.at >= ${f.from.toISOString()}`);
      if (f.before) where.push(sql`l.at < ${f.before.toISOString()}`);
      if (f.clientId) where.push(sql`n.client_id = ${f.clientId}`);
      branches.push(sql`
        SELECT l.identifier, l.at, l.action::text AS action, 'note' AS record_type, l.note_id AS record_id, n.client_id, l.actor_id, l.ip_address, l.user_agent
          FROM note_access_log l
          LEFT JOIN notes n ON n.identifier = l.note_id AND n.author_id = l.author_id
         WHERE ${and(where)}`);
    }
    if (f.recordType !== 'note') {
      const where = [sql`r.owner_id = ${f.ownerId}`];
      if (f.recordType) where.push(sql`r.record_type = ${f.recordType}`);
      if (f.from) where.push(sql`r.at >= ${f.from.toISOString()}`);
      if (f.before) where.push(sql`r.at < ${f.before.toISOString()}`);
      if (f.clientId) where.push(sql`r.client_id = ${f.clientId}`);
      branches.push(sql`
        SELECT r.identifier, r.at, r.action::text, r.record_type::text, r.record_id, r.client_id, r.actor_id, r.ip_address, r.user_agent
          FROM record_access_log r
         WHERE ${and(where)}`);
    }
    const result = await ex.execute<AccessLogRow & Record<string, unknown>>(sql`
      WITH entries AS (${sql.join(branches, sql` UNION ALL `)}),
      page AS (SELECT * FROM entries ORDER BY at DESC, identifier DESC LIMIT ${f.limit} OFFSET ${f.offset})
      SELECT (SELECT count(*) FROM entries)::int AS total,
             p.identifier, p.at, p.action, p.record_type, p.record_id, p.client_id, p.actor_id, p.ip_address, p.user_agent,
             ${liveName('c')} AS client_name, ${liveName('a')} AS actor_name
        FROM (SELECT 1) AS one
        LEFT JOIN page p ON true
        LEFT JOIN users c ON c.identifier = p.client_id
        LEFT JOIN users a ON a.identifier = p.actor_id
       ORDER BY p.at DESC, p.identifier DESC`);
    return result.rows;
  },
};
