import { batchCurrencies } from '@therapy/contracts/payouts';
import type { PayoutPlan } from '@therapy/contracts/earnings';
import type { WalletPayout } from '@therapy/contracts/wallet';
import { CronExpressionParser } from 'cron-parser';
import type { AppDeps } from '../../../deps.ts';
import { gatewayPayoutCurrencies } from '../gateway/payout-gateway.ts';
import { payoutsRepository as repo } from './payouts.repository.ts';

type PageRow = Awaited<ReturnType<typeof repo.pageOfProvider>>['rows'][number];

/** A payout as the provider sees it: the account it went to is masked to the bank and the last four digits. */
export const toWalletPayout = ({ payout, bankName, accountNumber }: PageRow): WalletPayout => ({
  identifier: payout.identifier,
  amount: payout.amount,
  currency: payout.currencyCode,
  status: payout.status,
  bankName,
  accountLast4: accountNumber.slice(-4),
  createdAt: payout.createdAt.toISOString(),
  updatedAt: payout.updatedAt.toISOString(),
});

/** The next run of a cron schedule after `now` (UTC, as the job runs it); null for one that never runs again. */
function nextRun(schedule: string, now: Date): Date | null {
  try {
    return CronExpressionParser.parse(schedule, { currentDate: now, tz: 'UTC' }).next().toDate();
  } catch {
    return null;
  }
}

/**
 * What the earnings page (issue 46) reads of a provider's payouts: how each currency is paid out and when, where it
 * goes, the totals on their way and paid, and the latest payouts. The provider is the caller's (access is checked
 * by whoever asks: this only ever reads one provider's own rows).
 */
export function createProviderPayouts(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  const { db, clock, config } = deps;
  return {
    /**
     * `weekly` for the currencies the gateway pays out (the weekly payout job, PAYOUT_SCHEDULE: its next run),
     * `bankTransfer` for those an operator pays by bank file (no schedule: "with the next bank transfer"), else
     * `notYet`.
     */
    planOf(currency: string): { plan: PayoutPlan; date: string | null } {
      if (gatewayPayoutCurrencies.includes(currency))
        return { plan: 'weekly', date: nextRun(config.payoutSchedule, clock.now())?.toISOString() ?? null };
      if ((batchCurrencies as readonly string[]).includes(currency)) return { plan: 'bankTransfer', date: null };
      return { plan: 'notYet', date: null };
    },
    /** The account the provider's payouts go to, masked, in its currency; undefined without bank details. */
    destinationOf: (providerId: string) => repo.destinationAccountOf(db, providerId),
    /** Per currency, what is on its way (`started`) and what was paid. */
    async totalsOf(providerId: string) {
      const totals = new Map<string, { onItsWay: number; paidOut: number }>();
      for (const r of await repo.totalsOfProvider(db, providerId)) {
        const t = totals.get(r.currencyCode) ?? { onItsWay: 0, paidOut: 0 };
        if (r.status === 'started') t.onItsWay += r.total;
        else t.paidOut += r.total;
        totals.set(r.currencyCode, t);
      }
      return totals;
    },
    /** The latest `limit` payouts, newest first. */
    async latestOf(providerId: string, limit: number): Promise<WalletPayout[]> {
      return (await repo.pageOfProvider(db, providerId, 1, limit)).rows.map(toWalletPayout);
    },
  };
}
export type ProviderPayouts = ReturnType<typeof createProviderPayouts>;
