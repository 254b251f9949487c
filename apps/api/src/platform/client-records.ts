import type { Executor } from '../db/client.ts';
import { AppError } from './errors.ts';
import type { EventBus } from './events.ts';
import { refusedAs } from './pg-errors.ts';

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

/**
 * A write naming a practice record that merged into the person's account while it ran: the acceptance locks the
 * record first, so the write waits and then meets a key that is gone (`constraint`, its foreign key to users). That
 * is a 409 the provider can act on (open the client again: their account is there now), never a 500.
 */
export const recordJoinedMeanwhile = <T>(write: PromiseLike<T>, constraint: string): Promise<T> =>
  refusedAs(write, 'foreignKey', () => AppError.conflict('CONFLICT', 'clientRecordJustJoined'), constraint);
