import type { GatewayEventNeedingAttention } from '@therapy/contracts/wallet';
import type { AppDeps } from '../../deps.ts';
import { requireAccess, type Actor } from '../../platform/auth/access.ts';
import { paymentsRepository as repo } from './payments.repository.ts';

/** At most this many are listed; an operator works through them newest first. */
const LIST_LIMIT = 200;

/** What operators see of the webhook inbox: the events that could not be applied (nothing is dropped silently). */
export function createGatewayEventsService(deps: Pick<AppDeps, 'db'>) {
  return {
    async needingAttention(actor: Actor): Promise<GatewayEventNeedingAttention[]> {
      // Access first: operator work, no user owns it (anyone else: 404).
      requireAccess(actor, 'review', { kind: 'operator' });
      const rows = await repo.eventsNeedingAttention(deps.db, LIST_LIMIT);
      return rows.map((r) => ({
        identifier: r.identifier,
        gateway: r.gateway,
        eventType: r.eventType,
        note: r.note,
        requestId: r.requestId,
        receivedAt: r.receivedAt.toISOString(),
        payload: r.payload,
      }));
    },
  };
}
export type GatewayEventsService = ReturnType<typeof createGatewayEventsService>;
