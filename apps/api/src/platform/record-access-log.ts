import type { FastifyRequest } from 'fastify';
import type { RecordAccessAction } from '@therapy/contracts/access-log';
import type { Executor } from '../db/client.ts';
import { recordAccessLogRepository } from './record-access-log.repository.ts';

/** Where a request came from, for an access log: the client's address and its browser's user agent. */
export interface RequestOrigin {
  ipAddress: string | null;
  userAgent: string | null;
}

/** The origin of a request (Fastify's `req.ip` honours TRUST_PROXY, so behind a proxy it is the caller's address). */
export const requestOrigin = (req: FastifyRequest): RequestOrigin => ({
  ipAddress: req.ip ?? null,
  userAgent: req.headers['user-agent'] ?? null,
});

/** Browsers send long agent strings; the log keeps what identifies one (as the notes' log does). */
const AGENT_MAX = 512;

export interface RecordAccess {
  /** The provider whose record it is: their access log lists the line (GET /practice/access-log). */
  ownerId: string;
  /** Who did it: the provider, the client, or anyone else; null only if no signed-in user did. */
  actorId: string | null;
  recordType: 'measure' | 'client';
  /** The record: a questionnaire's id, or for a client page the client's user id. */
  recordId: string;
  /** The client the record is about (shown and filtered by in the log). */
  clientId: string | null;
  action: RecordAccessAction;
  origin: RequestOrigin;
  /** When; pass the injected clock's `now()` so tests and the notes' log share one time line. */
  at: Date;
}

/**
 * Writes one line of the record access log (issue 20; decision 0037): who read or changed a provider's client record
 * other than a note (notes keep their own log), when and from where. Shared by every module that owns such records
 * (clients: 'client' pages read; measures: 'measure' create/read/answer/review), which is why it lives in platform/.
 *
 * Contract for callers:
 * - `logRecordAccess(ex, { ownerId, actorId, recordType, recordId, clientId, action, origin, at })`, or an array of
 *   them written in one statement;
 * - a write passes its transaction as `ex`, so the record and its log line are committed together or not at all;
 *   a read passes `db` after the read succeeded (a refused or failed read is not an access and is not logged);
 * - a failure to log is not swallowed: the request fails rather than leave an access unrecorded;
 * - the table is append-only (the database refuses UPDATE, DELETE and TRUNCATE, migration 0026): there is no undo.
 */
export async function logRecordAccess(ex: Executor, access: RecordAccess | readonly RecordAccess[]): Promise<void> {
  const accesses: readonly RecordAccess[] = Array.isArray(access) ? access : [access as RecordAccess];
  await recordAccessLogRepository.insert(
    ex,
    accesses.map((a) => ({
      ownerId: a.ownerId,
      actorId: a.actorId,
      recordType: a.recordType,
      recordId: a.recordId,
      clientId: a.clientId,
      action: a.action,
      at: a.at,
      ipAddress: a.origin.ipAddress,
      userAgent: a.origin.userAgent ? a.origin.userAgent.slice(0, AGENT_MAX) : null,
    })),
  );
}

/** A practice record became the person's account (decision 0053): its log lines name the account. */
export const repointRecordAccessLog = (ex: Executor, recordId: string, accountId: string): Promise<void> =>
  recordAccessLogRepository.repointClient(ex, recordId, accountId);
