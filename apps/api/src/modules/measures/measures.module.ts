import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { measuresRoutes } from './measures.routes.ts';
import { createMeasuresService, type MeasuresPorts } from './measures.service.ts';
import { onRecordDeletion, onRecordMerge } from '../../platform/client-records.ts';
import { mergeRecordMeasures, refuseRecordWithMeasures } from './record-merge.repository.ts';

/**
 * The measures module's public face (issue 20): PHQ-9 and GAD-7 questionnaires a provider sends to their client,
 * sealed at rest, each access logged. It learns of sessions through `booking.changed` (a series makes one
 * questionnaire per confirmed session to come) and of who is whose client through `isClientOf`.
 */
export function createMeasuresModule(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'mail' | 'events'>,
  ports: MeasuresPorts,
) {
  const measures = createMeasuresService(deps, ports);
  // A practice record's questionnaires follow the person who joins, and keep the record (decision 0053).
  onRecordMerge(deps.events, mergeRecordMeasures);
  onRecordDeletion(deps.events, refuseRecordWithMeasures);
  deps.events.subscribeInTransaction('booking.changed', (event, tx) => measures.onBookingChanged(event, tx));
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(measuresRoutes, { measures });
  };
  return { name: 'measures' as const, plugin };
}
export type MeasuresModule = ReturnType<typeof createMeasuresModule>;
