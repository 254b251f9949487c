import { TZDate } from '@date-fns/tz';
import type { AccessLogActorRole, AccessLogEntry, AccessLogQuery } from '@therapy/contracts/access-log';
import type { AppDeps } from '../../deps.ts';
import { requireLiveAccount, requireRole, type Actor } from '../../platform/auth/access.ts';
import { describeUserAgent } from '../../platform/user-agent.ts';
import type { UserModule } from '../user/user.module.ts';
import { accessLogRepository as repo, type AccessLogRow } from './access-log.repository.ts';
import { accessLogCsv, type Locale } from './access-log-csv.ts';

/**
 * The provider's access log (issue 20; HIPAA §164.312(b); decision 0037): who read or changed their notes and their
 * clients' records, when and from where. Only the provider whose records they are reads it (403 for anyone else:
 * the route is theirs, not an object of someone else's); every query carries the provider, so no filter reaches
 * another provider's lines.
 */
export interface AccessLogPorts {
  users: Pick<UserModule, 'findActiveUser'>;
  /** Issue 47: which of the provider's notes an entry names (title opened for them, client, day written). */
  noteSummaries: (
    authorId: string,
    noteIds: readonly string[],
  ) => Promise<Map<string, { title: string; clientId: string; createdAt: Date }>>;
}

/** At most this many lines go into one CSV export (a provider's year of reads is far fewer). */
export const ACCESS_LOG_EXPORT_MAX = 50_000;

type Query = Required<Pick<AccessLogQuery, 'page' | 'pageSize'>> & Omit<AccessLogQuery, 'page' | 'pageSize'>;
type Filters = Omit<AccessLogQuery, 'page' | 'pageSize'>;

/** Midnight of a calendar day in the provider's time zone (UTC when they have none), as the notes list does. */
const startOfDay = (day: string, zone: string | null, plusDays = 0): Date => {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, mo - 1, d + plusDays, zone ?? 'UTC').getTime());
};

export function createAccessLogService(deps: Pick<AppDeps, 'db'>, ports: AccessLogPorts) {
  const { db } = deps;

  const roleOf = (ownerId: string, r: AccessLogRow): AccessLogActorRole => {
    if (r.actor_id && r.actor_id === ownerId) return 'you';
    if (r.actor_id && r.actor_id === r.client_id) return 'client';
    return 'other';
  };

  type Summaries = Awaited<ReturnType<AccessLogPorts['noteSummaries']>>;
  const toEntry = (ownerId: string, r: AccessLogRow, notes: Summaries): AccessLogEntry => {
    const note = r.record_type === 'note' ? notes.get(r.record_id!) : undefined;
    return {
      at: new Date(r.at!).toISOString(),
      action: r.action as AccessLogEntry['action'],
      recordType: r.record_type as AccessLogEntry['recordType'],
      recordIdentifier: r.record_id!,
      noteTitle: note?.title ?? null,
      noteCreatedAt: note?.createdAt.toISOString() ?? null,
      clientIdentifier: r.client_id,
      clientName: r.client_name,
      actorIdentifier: r.actor_id,
      actorName: r.actor_name,
      actorRole: roleOf(ownerId, r),
      ipAddress: r.ip_address,
      userAgent: r.user_agent,
      device: describeUserAgent(r.user_agent),
    };
  };

  const provider = async (actor: Actor) =>
    requireLiveAccount(actor, await ports.users.findActiveUser(requireRole(actor, 'provider').userId));
  const filterOf = (me: { identifier: string; timezone: string | null }, query: Filters) => ({
    ownerId: me.identifier,
    recordType: query.recordType,
    clientId: query.clientIdentifier,
    from: query.fromDate ? startOfDay(query.fromDate, me.timezone) : undefined,
    before: query.toDate ? startOfDay(query.toDate, me.timezone, 1) : undefined,
  });
  /** The rows as entries, each note named (its title opened for its author, in one query for the page). */
  const entriesOf = async (ownerId: string, rows: AccessLogRow[]) => {
    const lines = rows.filter((r) => r.identifier !== null);
    const noteIds = [...new Set(lines.filter((r) => r.record_type === 'note').map((r) => r.record_id!))];
    const notes = await ports.noteSummaries(ownerId, noteIds);
    return lines.map((r) => toEntry(ownerId, r, notes));
  };

  return {
    async list(actor: Actor, query: Query) {
      const me = await provider(actor);
      const page = Number(query.page);
      const pageSize = Number(query.pageSize);
      const rows = await repo.page(db, { ...filterOf(me, query), limit: pageSize, offset: (page - 1) * pageSize });
      const total = rows[0]?.total ?? 0;
      const data = await entriesOf(me.identifier, rows);
      return { data, meta: { page, pageSize, total, totalPages: Math.ceil(total / pageSize) } };
    },

    /** Issue 47: the whole filtered log as CSV (formula-safe cells: access-log-csv.ts), newest first. */
    async exportCsv(actor: Actor, query: Filters, locale: Locale): Promise<string> {
      const me = await provider(actor);
      const rows = await repo.page(db, { ...filterOf(me, query), limit: ACCESS_LOG_EXPORT_MAX, offset: 0 });
      return accessLogCsv(await entriesOf(me.identifier, rows), locale, me.timezone);
    },
  };
}
export type AccessLogService = ReturnType<typeof createAccessLogService>;
