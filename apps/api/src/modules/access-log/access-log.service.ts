import { TZDate } from '@date-fns/tz';
import type { AccessLogActorRole, AccessLogEntry, AccessLogQuery } from '@therapy/contracts/access-log';
import type { AppDeps } from '../../deps.ts';
import { requireLiveAccount, requireRole, type Actor } from '../../platform/auth/access.ts';
import { describeUserAgent } from '../../platform/user-agent.ts';
import type { UserModule } from '../user/user.module.ts';
import { accessLogRepository as repo, type AccessLogRow } from './access-log.repository.ts';

/**
 * The provider's access log (issue 20; HIPAA §164.312(b); decision 0037): who read or changed their notes and their
 * clients' records, when and from where. Only the provider whose records they are reads it (403 for anyone else:
 * the route is theirs, not an object of someone else's); every query carries the provider, so no filter reaches
 * another provider's lines.
 */
export interface AccessLogPorts {
  users: Pick<UserModule, 'findActiveUser'>;
}

type Query = Required<Pick<AccessLogQuery, 'page' | 'pageSize'>> & Omit<AccessLogQuery, 'page' | 'pageSize'>;

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

  const toEntry = (ownerId: string, r: AccessLogRow): AccessLogEntry => ({
    at: new Date(r.at!).toISOString(),
    action: r.action as AccessLogEntry['action'],
    recordType: r.record_type as AccessLogEntry['recordType'],
    recordIdentifier: r.record_id!,
    clientIdentifier: r.client_id,
    clientName: r.client_name,
    actorIdentifier: r.actor_id,
    actorName: r.actor_name,
    actorRole: roleOf(ownerId, r),
    ipAddress: r.ip_address,
    userAgent: r.user_agent,
    device: describeUserAgent(r.user_agent),
  });

  return {
    async list(actor: Actor, query: Query) {
      const me = requireLiveAccount(actor, await ports.users.findActiveUser(requireRole(actor, 'provider').userId));
      const page = Number(query.page);
      const pageSize = Number(query.pageSize);
      const rows = await repo.page(db, {
        ownerId: me.identifier,
        recordType: query.recordType,
        clientId: query.clientIdentifier,
        from: query.fromDate ? startOfDay(query.fromDate, me.timezone) : undefined,
        before: query.toDate ? startOfDay(query.toDate, me.timezone, 1) : undefined,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      const total = rows[0]?.total ?? 0;
      const data = rows.filter((r) => r.identifier !== null).map((r) => toEntry(me.identifier, r));
      return { data, meta: { page, pageSize, total, totalPages: Math.ceil(total / pageSize) } };
    },
  };
}
export type AccessLogService = ReturnType<typeof createAccessLogService>;
