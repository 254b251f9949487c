import type {
  GeneralFeeInput,
  ClaimedLicenseState,
  LicenseState,
  ProviderBookingFees,
  TherapyFeeInput,
  WorkHistory,
  WorkHistoryValues,
} from '@therapy/contracts/practice-details';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import {
  requireAccessTo,
  requireFound,
  requireLiveAccount,
  requireRole,
  type Actor,
  type Resource,
} from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import type { AvailabilityModule } from '../availability/availability.module.ts';
import type { UserModule } from '../user/user.module.ts';
import type { WalletModule } from '../wallet/wallet.module.ts';
import {
  practiceDetailsRepository as repo,
  type BookingFeeRow,
  type EffectiveFee,
  type WorkHistoryRow,
} from './practice-details.repository.ts';

/** A provider's own row (a work history entry): theirs alone. */
const ownedByProvider = (row: { providerId: string }): Resource => ({ kind: 'owned', ownerId: row.providerId });

export interface PracticeDetailsPorts {
  users: Pick<UserModule, 'findActiveUser'>;
  /** The provider's therapy categories (the practice profile's therapies). */
  availability: Pick<AvailabilityModule, 'categoriesOf'>;
  /** The currency of the provider's country (DESIGN.md §6), as the wallet derives it. */
  wallet: Pick<WalletModule, 'currencyOf'>;
}

const toWorkHistory = (row: WorkHistoryRow): WorkHistory => ({
  identifier: row.identifier,
  companyName: row.companyName,
  jobTitle: row.jobTitle,
  startDate: row.startDate,
  endDate: row.endDate,
  currentlyWorksHere: row.currentlyWorksHere,
  description: row.description,
});

const toFee = (row: BookingFeeRow) => ({ fee: row.fee, isFree: row.isFree, currencyCode: row.currencyCode });

/** A provider's work history, booking fees and licence states (spec §7 "Provider"; issue 14). */
export function createPracticeDetailsService(
  deps: Pick<AppDeps, 'db' | 'events'>,
  { users, availability, wallet }: PracticeDetailsPorts,
) {
  const { db, events } = deps;

  /** Access first: a provider (403 otherwise) whose account is live (401 once it ended). */
  const provider = async (actor: Actor): Promise<string> =>
    requireLiveAccount(actor, await users.findActiveUser(requireRole(actor, 'provider').userId)).identifier;

  const fees = async (providerId: string): Promise<ProviderBookingFees> => {
    const [rows, categories, currencyCode] = await Promise.all([
      repo.fees(db, providerId),
      availability.categoriesOf(providerId),
      wallet.currencyOf(providerId),
    ]);
    const general = rows.find((r) => r.therapyCategoryId === null);
    const byCategory = new Map(rows.filter((r) => r.therapyCategoryId !== null).map((r) => [r.therapyCategoryId!, r]));
    return {
      currencyCode,
      general: general ? toFee(general) : null,
      therapies: categories.map((c) => {
        const row = byCategory.get(c.identifier);
        return { therapyCategoryIdentifier: c.identifier, code: c.code, name: c.name, fee: row ? toFee(row) : null };
      }),
    };
  };

  return {
    async listWorkHistory(actor: Actor): Promise<WorkHistory[]> {
      const providerId = await provider(actor);
      return (await repo.listWorkHistory(db, providerId)).map(toWorkHistory);
    },
    async addWorkHistory(actor: Actor, input: WorkHistoryValues): Promise<WorkHistory> {
      const providerId = await provider(actor);
      return toWorkHistory(await repo.addWorkHistory(db, providerId, input));
    },
    /** Another provider's entry answers exactly as a missing one: 404. */
    async updateWorkHistory(actor: Actor, id: string, input: WorkHistoryValues): Promise<WorkHistory> {
      const providerId = await provider(actor);
      requireAccessTo(actor, 'update', await repo.findWorkHistory(db, id), ownedByProvider);
      // The statement names the provider too: an entry deleted meanwhile is simply not found.
      const row = await repo.updateWorkHistory(db, providerId, id, input);
      requireFound(row);
      return toWorkHistory(row);
    },
    async deleteWorkHistory(actor: Actor, id: string): Promise<void> {
      const providerId = await provider(actor);
      requireAccessTo(actor, 'delete', await repo.findWorkHistory(db, id), ownedByProvider);
      requireFound((await repo.deleteWorkHistory(db, providerId, id)) || undefined);
    },

    async bookingFees(actor: Actor): Promise<ProviderBookingFees> {
      return fees(await provider(actor));
    },
    /** The fee is kept in the currency of the provider's country at the time it is set. */
    async setGeneralFee(actor: Actor, input: GeneralFeeInput): Promise<ProviderBookingFees> {
      const providerId = await provider(actor);
      const currencyCode = await wallet.currencyOf(providerId);
      await events.transaction(async (tx) => {
        await repo.setGeneralFee(tx, providerId, { fee: input.fee, isFree: input.isFree, currencyCode });
        // The directory shows and filters by the general fee.
        await events.publish(tx, 'practice.changed', { providerId });
      });
      return fees(providerId);
    },
    /** Only a therapy category the provider offers (their practice profile's therapies) takes a fee. */
    async setTherapyFee(actor: Actor, input: TherapyFeeInput): Promise<ProviderBookingFees> {
      const providerId = await provider(actor);
      const offered = await availability.categoriesOf(providerId);
      if (!offered.some((c) => c.identifier === input.therapyCategoryIdentifier))
        throw AppError.rule('therapyNotOffered');
      const currencyCode = await wallet.currencyOf(providerId);
      await events.transaction(async (tx) => {
        await repo.setTherapyFee(tx, providerId, input.therapyCategoryIdentifier, {
          fee: input.fee,
          isFree: input.isFree,
          currencyCode,
        });
        // The directory's "from" price and the public page's prices follow a therapy's fee too (issue 48).
        await events.publish(tx, 'practice.changed', { providerId });
      });
      return fees(providerId);
    },

    async licenseStates(actor: Actor): Promise<ClaimedLicenseState[]> {
      return repo.licenseStates(db, await provider(actor));
    },
    /** Replaces the whole list; every id must be a US state of the reference data, or nothing changes. */
    async setLicenseStates(actor: Actor, stateIds: readonly string[]): Promise<ClaimedLicenseState[]> {
      const providerId = await provider(actor);
      const known = await repo.usStateIds(db, stateIds);
      if (known.length !== stateIds.length) throw AppError.rule('licenseStateInvalid');
      await events.transaction(async (tx) => {
        await repo.lockLicenseStates(tx, providerId);
        await repo.replaceLicenseStates(tx, providerId, stateIds);
        // The directory lists providers by licence state.
        await events.publish(tx, 'practice.changed', { providerId });
      });
      return repo.licenseStates(db, providerId);
    },

    /** The fee a booking of this provider is charged (the therapy's own fee, else the general one); null when none is set. */
    async feeOf(
      providerId: string,
      therapyCategoryId?: string,
    ): Promise<{ amount: number; currencyCode: string; isFree: boolean } | null> {
      if (therapyCategoryId) return repo.effectiveFee(db, providerId, therapyCategoryId);
      const row = await repo.generalFee(db, providerId);
      return row ? { amount: row.fee, currencyCode: row.currencyCode, isFree: row.isFree } : null;
    },
    /**
     * What a booking of each of the providers' therapies is charged, by the one rule `feeOf` and the bookings' terms
     * use (the therapy's own fee, else the general one), in one statement (issue 48: the price shown is the price
     * charged). A therapy with no fee that applies is left out: it cannot be booked.
     */
    async pricesOf(
      list: ReadonlyArray<{ providerId: string; therapyIds: readonly string[] }>,
    ): Promise<Map<string, Array<{ therapyCategoryId: string; fee: EffectiveFee }>>> {
      const rows = await repo.effectiveFees(
        db,
        list.flatMap(({ providerId, therapyIds }) =>
          therapyIds.map((therapyCategoryId) => ({ providerId, therapyCategoryId })),
        ),
      );
      const byProvider = new Map<string, Array<{ therapyCategoryId: string; fee: EffectiveFee }>>(
        list.map(({ providerId }) => [providerId, []]),
      );
      for (const r of rows)
        if (r.fee) byProvider.get(r.providerId)?.push({ therapyCategoryId: r.therapyCategoryId, fee: r.fee });
      return byProvider;
    },
    /** The states the provider is listed and bookable in (issue 45): approved, with an approved licence for each. */
    listedStatesOf: (providerId: string, ex: Executor = db): Promise<LicenseState[]> =>
      repo.listedStates(ex, providerId),
    /** Every claimed state with its review and listing (the operator's desk; no access check: verification's). */
    claimedStatesOf: (providerId: string): Promise<ClaimedLicenseState[]> => repo.licenseStates(db, providerId),
    /** Fees and work history as the operator's desk shows them (no access check: verification checks the operator). */
    feesOf: (providerId: string): Promise<ProviderBookingFees> => fees(providerId),
    workHistoryOf: async (providerId: string): Promise<WorkHistory[]> =>
      (await repo.listWorkHistory(db, providerId)).map(toWorkHistory),
    /** An operator's decision settles the provider's pending states, in the decision's transaction. */
    settleStates: (
      tx: Executor,
      providerId: string,
      decision: { outcome: 'approved' | 'rejected'; scope: 'practice' | 'changes'; at: Date },
    ) => repo.settleStates(tx, providerId, decision),
    hasGeneralFee: async (providerId: string): Promise<boolean> =>
      (await repo.generalFee(db, providerId)) !== undefined,
    hasLicenseState: (providerId: string): Promise<boolean> => repo.hasLicenseState(db, providerId),
  };
}
export type PracticeDetailsService = ReturnType<typeof createPracticeDetailsService>;
