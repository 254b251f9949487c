import type { EarningLine, EarningState, EarningsInCurrency, ProviderEarnings } from '@therapy/contracts/earnings';
import type { AppDeps } from '../../deps.ts';
import { requireLiveAccount, type Actor } from '../../platform/auth/access.ts';
import type { BookingsModule } from '../bookings/bookings.module.ts';
import type { PaymentsModule } from '../payments/payments.module.ts';
import type { UserModule } from '../user/user.module.ts';
import type { WalletModule } from '../wallet/wallet.module.ts';

/** The earned sessions listed (every session still to come is listed besides). */
const EARNED_SHOWN = 50;
const PAYOUTS_SHOWN = 10;

export interface EarningsFaces {
  users: Pick<UserModule, 'findActiveUser'>;
  wallet: Pick<WalletModule, 'currencyOf' | 'earningsBalancesOf' | 'releasedTo'>;
  bookings: Pick<BookingsModule, 'earningSessionsOf'>;
  payouts: PaymentsModule['providerPayouts'];
}

/** "Anna K.": what a provider's money page shows of a client (no full name needed to recognise a session). */
const shortName = (first: string | null, last: string | null): string | null => {
  const initial = last?.trim().charAt(0);
  const name = [first?.trim(), initial ? `${initial.toUpperCase()}.` : undefined].filter(Boolean).join(' ');
  return name || null;
};

/**
 * Which earned sessions are still available, in a payout or paid out. Earnings are one balance, and a payout takes
 * all of it, so the oldest money leaves first: walking from the newest release back, the first `available` minor
 * units are still in the earnings, the next `onItsWay` in payouts on their way, the rest paid out. A session that
 * straddles two of these is shown in the newer one (part of it is still there).
 */
function stateOfReleases<T extends { amount: number; releasedAt: Date }>(
  lines: T[],
  available: number,
  onItsWay: number,
): Map<T, EarningState> {
  const states = new Map<T, EarningState>();
  let before = 0;
  for (const line of [...lines].sort((a, b) => b.releasedAt.getTime() - a.releasedAt.getTime())) {
    states.set(line, before < available ? 'available' : before < available + onItsWay ? 'inPayout' : 'paidOut');
    before += line.amount;
  }
  return states;
}

/**
 * A provider's earnings page (issue 46): per currency what is pending (paid sessions still to take place, whose
 * money escrow holds until they are completed), available (the ledger's earnings balance), on its way and paid out
 * (the payouts), each session's line, the payouts, and when and where the next payout goes. Read only through the
 * faces of the modules that own each part.
 */
export function createEarningsService(deps: Pick<AppDeps, 'config'>, faces: EarningsFaces) {
  const { wallet, bookings, payouts } = faces;
  /** The provider's share of a session still held: what the release will credit at today's commission. */
  const shareOf = (price: number) => price - Math.round(price * deps.config.commissionRate);

  return {
    async get(actor: Actor): Promise<ProviderEarnings> {
      const me = requireLiveAccount(actor, await faces.users.findActiveUser(actor.userId), 'provider');
      const providerId = me.identifier;
      const [ownCurrency, balances, sessions, totals, destination, latest] = await Promise.all([
        wallet.currencyOf(providerId),
        wallet.earningsBalancesOf(providerId),
        bookings.earningSessionsOf(providerId, EARNED_SHOWN),
        payouts.totalsOf(providerId),
        payouts.destinationOf(providerId),
        payouts.latestOf(providerId, PAYOUTS_SHOWN),
      ]);
      const references = sessions.flatMap((s) => (s.earningReference ? [s.earningReference] : []));
      const released = new Map((await wallet.releasedTo(providerId, references)).map((r) => [r.reference, r] as const));

      const held = sessions.filter((s) => s.status === 'confirmed');
      const earned = sessions.flatMap((s) => {
        const release = s.earningReference ? released.get(s.earningReference) : undefined;
        return release ? [{ session: s, amount: release.amount, releasedAt: release.createdAt }] : [];
      });

      const currencies = new Set<string>([
        ownCurrency,
        ...balances.map((b) => b.currencyCode),
        ...totals.keys(),
        ...held.map((s) => s.currencyCode),
      ]);
      const ordered = [ownCurrency, ...[...currencies].filter((c) => c !== ownCurrency).sort()];

      const lines: EarningLine[] = [];
      const summary: EarningsInCurrency[] = ordered.map((currency) => {
        const available = balances.find((b) => b.currencyCode === currency)?.balance ?? 0;
        const { onItsWay, paidOut } = totals.get(currency) ?? { onItsWay: 0, paidOut: 0 };
        const heldHere = held.filter((s) => s.currencyCode === currency);
        const earnedHere = earned.filter((e) => e.session.currencyCode === currency);
        const states = stateOfReleases(earnedHere, available, onItsWay);
        for (const s of heldHere) lines.push(toLine(s, shareOf(s.priceAmount), 'pending'));
        for (const e of earnedHere) lines.push(toLine(e.session, e.amount, states.get(e)!));
        return {
          currency,
          pending: heldHere.reduce((sum, s) => sum + shareOf(s.priceAmount), 0),
          available,
          onItsWay,
          paidOut,
          nextPayout: payouts.planOf(currency),
          destination:
            destination && destination.currencyCode === currency
              ? { bankName: destination.bankName, accountLast4: destination.accountLast4 }
              : null,
        };
      });
      lines.sort((a, b) => (b.startTime ?? '').localeCompare(a.startTime ?? ''));
      return { currencies: summary, sessions: lines, payouts: latest };
    },
  };
}
export type EarningsService = ReturnType<typeof createEarningsService>;

type SessionRow = Awaited<ReturnType<BookingsModule['earningSessionsOf']>>[number];
function toLine(s: SessionRow, amount: number, state: EarningState): EarningLine {
  return {
    bookingIdentifier: s.identifier,
    startTime: s.startsAt?.toISOString() ?? null,
    therapy: { code: s.therapyCode, name: s.therapyName },
    clientName: shortName(s.clientFirstName, s.clientLastName),
    amount,
    currency: s.currencyCode,
    state,
    bookingStatus: s.status,
  };
}
