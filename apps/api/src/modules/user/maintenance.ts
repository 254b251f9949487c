import type { FastifyPluginAsync } from 'fastify';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import type { Clock } from '../../platform/clock.ts';
import { tokenRepository } from './token.repository.ts';

/** Every limit's window is 15 minutes; a day keeps a margin for looking into an incident. */
const ATTEMPT_RETENTION_MS = 24 * 60 * 60 * 1000;
export const PRUNE_ATTEMPTS_QUEUE = 'user.prune-auth-attempts';

export const pruneAuthAttempts = (db: Executor, clock: Clock): Promise<number> =>
  tokenRepository.pruneAttempts(db, new Date(clock.now().getTime() - ATTEMPT_RETENTION_MS));

/** Scheduled clean-ups of the account module (pg-boss cron, once per tick across all instances). */
export const userMaintenance: FastifyPluginAsync<{ deps: AppDeps }> = async (_app, { deps }) => {
  await deps.jobs.schedule(PRUNE_ATTEMPTS_QUEUE, '17 * * * *', async () => {
    await pruneAuthAttempts(deps.db, deps.clock);
  });
};
