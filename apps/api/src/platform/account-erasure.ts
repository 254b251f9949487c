import type { Executor } from '../db/client.ts';
import type { EventBus } from './events.ts';

/** One owner's part of deleting an account: its rows of the person go or lose their personal fields, in `tx`. */
export type AccountErasure = (tx: Executor, userId: string, now: Date) => Promise<void>;

/**
 * Runs `erase` in every account deletion's transaction (the user module publishes `account.erasing`), so each module
 * erases its own tables and the user module needs none of them. A failure (or a refusal) rolls the deletion back.
 */
export function onAccountErasure(events: Pick<EventBus, 'subscribeInTransaction'>, erase: AccountErasure): void {
  events.subscribeInTransaction('account.erasing', (event, tx) => erase(tx, event.userId, new Date(event.at)));
}
