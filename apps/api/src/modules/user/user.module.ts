import type { FastifyPluginAsync } from 'fastify';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import type { AccountWallet, UpcomingSessionsSource } from './account.service.ts';
import { accountRoutes } from './account.routes.ts';
import { authRoutes } from './auth.routes.ts';
import type { SignUpStep } from './auth.service.ts';
import { userMaintenance } from './maintenance.ts';
import { oidcRoutes } from './oidc.routes.ts';
import { sessionRoutes } from './sessions.routes.ts';
import { createSessionService } from './session.service.ts';
import {
  userRepository,
  type NewUser,
  type PracticeRecord,
  type PracticeRecordDetails,
  type UserRow,
} from './user.repository.ts';

export type { SignUpStep } from './auth.service.ts';
export type { UserRow } from './user.repository.ts';
export { normaliseStoredPhones } from './phone-backfill.ts';
/** The account fields a profile form edits (names, country, time zone, phone). */
export type UserDetails = Pick<Partial<NewUser>, 'firstName' | 'lastName' | 'countryCode' | 'timezone' | 'phoneNumber'>;

/**
 * The user module's public face: accounts, sign-in and sessions (routes and the clean-up job), and what other
 * modules may ask of it. It depends on the wallet module's face (deleting an account closes its balances).
 */
export function createUserModule(
  deps: AppDeps,
  { wallet, upcomingSessions }: { wallet: AccountWallet; upcomingSessions: UpcomingSessionsSource },
) {
  const { db } = deps;
  const signUpSteps: SignUpStep[] = [];
  const sessions = createSessionService(deps);

  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(authRoutes, { deps, signUpSteps });
    await app.register(accountRoutes, { deps, wallet, upcomingSessions });
    await app.register(oidcRoutes, { deps });
    await app.register(sessionRoutes, { deps });
    await app.register(userMaintenance, { deps });
  };

  return {
    name: 'user' as const,
    plugin,
    /** The auth plugin's session loader: the live user of a live session, or nothing. */
    loadSession: (userId: string, sessionId: string): Promise<UserRow | undefined> =>
      sessions.liveUser(userId, sessionId),
    /** A live (not deleted) account, or undefined. */
    findActiveUser: (userId: string, ex: Executor = db): Promise<UserRow | undefined> =>
      userRepository.findLiveById(ex, userId),
    /** Changes a live account's details in the caller's transaction; undefined when the account is gone. */
    updateDetails: (tx: Executor, userId: string, details: UserDetails): Promise<UserRow | undefined> =>
      userRepository.update(tx, userId, details),
    /** A provider's practice records (decision 0053), in the caller's transaction: the clients module's. */
    records: {
      insert: (tx: Executor, rows: PracticeRecord[]) => userRepository.insertRecords(tx, rows),
      update: (tx: Executor, id: string, details: PracticeRecordDetails) =>
        userRepository.updateRecord(tx, id, details),
      lock: (tx: Executor, id: string) => userRepository.lockRecord(tx, id),
      delete: (tx: Executor, id: string) => userRepository.deleteRecord(tx, id),
    },
    /** Adds a step to every password sign-up, run in its transaction (steps check `user.userType` themselves). */
    onSignUp(step: SignUpStep): void {
      signUpSteps.push(step);
    },
  };
}
export type UserModule = ReturnType<typeof createUserModule>;
