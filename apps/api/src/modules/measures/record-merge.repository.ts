import { and, eq, isNull, sql } from 'drizzle-orm';
import { m } from '@therapy/contracts/messages';
import type { Executor } from '../../db/client.ts';
import { measureSeries, measures } from '../../db/schema/measures.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * A practice record became the person's account (decision 0053): its questionnaires and series follow. A running
 * series of a kind the account already runs with the same provider takes the record's questionnaires (one running
 * series per provider, client and kind).
 */
export async function mergeRecordMeasures(ex: Executor, recordId: string, accountId: string): Promise<void> {
  const running = await ex
    .select()
    .from(measureSeries)
    .where(and(eq(measureSeries.clientId, recordId), isNull(measureSeries.stoppedAt)));
  for (const series of running) {
    const [theirs] = await ex
      .select({ identifier: measureSeries.identifier })
      .from(measureSeries)
      .where(
        and(
          eq(measureSeries.clientId, accountId),
          eq(measureSeries.providerId, series.providerId),
          eq(measureSeries.kind, series.kind),
          isNull(measureSeries.stoppedAt),
        ),
      )
      .limit(1);
    if (!theirs) continue;
    await ex.update(measures).set({ seriesId: theirs.identifier }).where(eq(measures.seriesId, series.identifier));
    await ex.delete(measureSeries).where(eq(measureSeries.identifier, series.identifier));
  }
  await ex.update(measureSeries).set({ clientId: accountId }).where(eq(measureSeries.clientId, recordId));
  await ex.update(measures).set({ clientId: accountId }).where(eq(measures.clientId, recordId));
}

/** A record with questionnaires is not deleted: they are health records. */
export async function refuseRecordWithMeasures(ex: Executor, recordId: string): Promise<void> {
  const [row] = await ex
    .select({ one: sql`1` })
    .from(measures)
    .where(eq(measures.clientId, recordId))
    .limit(1);
  const [series] = await ex
    .select({ one: sql`1` })
    .from(measureSeries)
    .where(eq(measureSeries.clientId, recordId))
    .limit(1);
  if (row || series) throw AppError.conflict('CONFLICT', m.clientRecordHasHistory);
}
