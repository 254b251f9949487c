import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../platform/errors.ts';
import type { WalletModule } from '../../wallet/wallet.module.ts';
import type { PayoutsService } from './payouts.service.ts';

/** Nothing under one main unit is sent: a transfer costs more than it carries. */
export const MINIMUM_PAYOUT_MINOR = 100;

/**
 * Where a provider's payouts in a currency go: the recipient of their current bank details (bank-details module), or
 * for Stripe's currencies their connected account (decision 0052), if any.
 */
export type RecipientSource = (
  providerId: string,
  currency?: string,
) => Promise<{ recipientId: string; currencyCode: string } | undefined>;

/** "2026-w48": the ISO week of an instant (UTC), part of a payout's reference so a week pays a provider once. */
export function isoWeek(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday); // the Thursday of this week decides its year
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-w${String(week).padStart(2, '0')}`;
}

export interface WeeklyPayoutReport {
  sent: number;
  /** Earnings without bank details for that currency (they wait for them). */
  withoutBankDetails: number;
  failed: number;
}

/**
 * The weekly payout (issue 15): each provider's available earnings in a currency the gateway pays out go to the bank
 * account of their bank details, through the payout port (each payout a ledger transaction, earnings -> clearing; a
 * failed or reversed transfer comes back through the port's webhook handling). The reference is the provider, the
 * currency and the ISO week, so a second run (or a second instance) the same week sends nothing twice. Currencies
 * without a gateway route (GBP, EUR) wait for the operator's batch (GET /operator/payouts/due lists them). One
 * provider's failure never stops the others.
 */
export function createWeeklyPayout(
  deps: Pick<AppDeps, 'clock'>,
  ports: {
    payouts: Pick<PayoutsService, 'transfer'>;
    wallet: Pick<WalletModule, 'earningsToPayOut'>;
    currencies: readonly string[];
    recipientOf: RecipientSource;
  },
) {
  return async function run(log?: {
    warn: (obj: object, msg: string) => void;
    info: (obj: object, msg: string) => void;
  }): Promise<WeeklyPayoutReport> {
    const week = isoWeek(deps.clock.now());
    const report: WeeklyPayoutReport = { sent: 0, withoutBankDetails: 0, failed: 0 };
    for (const due of await ports.wallet.earningsToPayOut(ports.currencies, MINIMUM_PAYOUT_MINOR)) {
      const recipient = await ports.recipientOf(due.userId, due.currencyCode);
      if (!recipient || recipient.currencyCode !== due.currencyCode) {
        report.withoutBankDetails += 1;
        continue;
      }
      try {
        await ports.payouts.transfer({
          providerId: due.userId,
          recipientId: recipient.recipientId,
          amount: due.balance,
          currency: due.currencyCode,
          reference: `weekly-${week}-${due.currencyCode.toLowerCase()}-${due.userId}`,
        });
        report.sent += 1;
      } catch (err) {
        // A refused transfer gave the money back already; a race or a second run this week is a 409: next week then.
        if (!(err instanceof AppError)) throw err;
        report.failed += 1;
        log?.warn(
          { providerId: due.userId, currency: due.currencyCode, code: err.code, messageKey: err.messageKey },
          'weekly payout not sent',
        );
      }
    }
    log?.info({ week, ...report }, 'weekly payout run');
    return report;
  };
}
