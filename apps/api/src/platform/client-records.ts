import type { Executor } from '../db/client.ts';
import type { EventBus } from './events.ts';

/**
 * Practice records (decision 0053): a client a provider added, an account row that cannot sign in, which bookings,
 * notes and measures name like any client. When the person accepts the invitation, each module re-points its rows
 * from the record to their account in the acceptance's transaction; when the provider deletes a record, a module that
 * holds health records of it refuses.
 */
export type RecordMerge = (tx: Executor, recordId: string, accountId: string) => Promise<void>;
export type RecordDeletionCheck = (tx: Executor, recordId: string) => Promise<void>;

export function onRecordMerge(events: Pick<EventBus, 'subscribeInTransaction'>, merge: RecordMerge): void {
  events.subscribeInTransaction('record.merging', (event, tx) => merge(tx, event.recordId, event.accountId));
}

export function onRecordDeletion(events: Pick<EventBus, 'subscribeInTransaction'>, check: RecordDeletionCheck): void {
  events.subscribeInTransaction('record.deleting', (event, tx) => check(tx, event.recordId));
}
