import crypto from 'node:crypto';
import {
  minTopupMinor,
  topupMinimumParams,
  type BankAccountResponse,
  type Payment,
  type PaymentStatusResponse,
  type TopupInput,
  type TopupOptionsResponse,
  type TopupResponse,
} from '@therapy/contracts/wallet';
import type { AppDeps } from '../../deps.ts';
import { requireAccess, requireLiveAccount, type Actor } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import type { UserModule } from '../user/user.module.ts';
import type { WalletModule } from '../wallet/wallet.module.ts';
import { GatewayError, type PaymentGateway } from './gateway/payment-gateway.ts';
import type { GatewayRegistry } from './gateway/gateway-registry.ts';
import { paymentsRepository as repo, type PaymentRow } from './payments.repository.ts';
import type { SettlementFor } from './settlement.ts';

/** How often a status poll may ask the gateway about a pending payment (the web polls every 5 s). */
const VERIFY_EVERY_MS = 4_000;

const toPayment = (row: PaymentRow): Payment => ({
  identifier: row.identifier,
  reference: row.reference,
  method: row.method,
  amount: row.amount,
  currencyCode: row.currencyCode,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

const gatewayFailed = () => new AppError(502, 'PAYMENT_GATEWAY_ERROR', 'gatewayUnavailable');

/** Top-ups (spec §7 "Wallet and payment"): start a card payment, follow its status, the transfer bank account. */
export function createTopupService(
  deps: AppDeps,
  {
    gateways,
    settlementFor,
    users,
    wallet,
  }: {
    gateways: Pick<GatewayRegistry, 'gatewayFor' | 'transfersIn'>;
    settlementFor: SettlementFor;
    users: Pick<UserModule, 'findActiveUser'>;
    wallet: Pick<WalletModule, 'currencyOf'>;
  },
) {
  const { db, clock } = deps;

  /** The gateway of a currency's card top-ups; a currency no configured gateway takes is a clear 400 naming it. */
  const cardGatewayFor = (currency: string): PaymentGateway => {
    const gateway = gateways.gatewayFor(currency);
    if (!gateway) throw AppError.rule('currencyNoGateway', { currency });
    return gateway;
  };
  /** The gateway that keeps dedicated bank accounts in this currency (NGN); elsewhere a clear 400. */
  const transferGatewayFor = (currency: string): PaymentGateway => {
    const gateway = gateways.transfersIn(currency) ? gateways.gatewayFor(currency) : undefined;
    if (!gateway) throw AppError.rule('bankTransferUnavailable', { currency });
    return gateway;
  };

  /** Access first (the access core): the actor's own live account (the routes decide which user types). */
  const me = async (actor: Actor) => requireLiveAccount(actor, await users.findActiveUser(actor.userId));

  return {
    /** What the top-up dialog offers for the wallet's currency. */
    async options(actor: Actor, requested?: string): Promise<TopupOptionsResponse> {
      const user = await me(actor);
      const currency = requested ?? (await wallet.currencyOf(user.identifier));
      return {
        currencyCode: currency,
        cardGateway: gateways.gatewayFor(currency)?.name ?? null,
        bankTransfer: gateways.transfersIn(currency),
      };
    },

    async topup(actor: Actor, input: TopupInput, idempotencyKey: string | undefined): Promise<TopupResponse> {
      const user = await me(actor);
      // Wallets are per currency (DESIGN.md §6): a booking in another currency is paid from that currency's wallet.
      const currency = input.currencyCode ?? (await wallet.currencyOf(user.identifier));
      if (input.amount < minTopupMinor(currency)) throw AppError.rule('topupMinimum', topupMinimumParams(currency));
      const gateway = cardGatewayFor(currency);
      // A retried request (same key) gets the payment it already started, never a second one.
      const again = idempotencyKey ? await repo.byIdempotencyKey(db, user.identifier, idempotencyKey) : undefined;
      if (again) {
        if (again.amount !== input.amount) throw AppError.conflict('CONFLICT', 'idempotencyKeyReused');
        return { metadata: { authorizationUrl: again.authorizationUrl ?? '' }, payment: toPayment(again) };
      }
      // Paystack's published character set: only -, ., = and letters and digits (REFERENCE_PATTERN).
      const reference = `tp-${crypto.randomUUID().replaceAll('-', '')}`;
      const payment = await repo.insert(db, {
        userId: user.identifier,
        gateway: gateway.name,
        method: 'card',
        reference,
        amount: input.amount,
        currencyCode: currency,
        idempotencyKey: idempotencyKey ?? null,
      });
      if (!payment) return this.topup(actor, input, idempotencyKey); // the same key raced in: answer with its payment
      try {
        const started = await gateway.initialize({
          reference,
          email: user.email,
          amount: input.amount,
          currency,
          // Back where the top-up began: a booking's payment page (validated by the contract: a path of this app) or the wallet.
          callbackUrl: `${deps.config.appOrigin}${input.returnTo ?? '/wallet'}?payment=${payment.identifier}`,
          metadata: { paymentId: payment.identifier },
        });
        // Stripe names the checkout by its own id (the session), which is what it is verified and reported by.
        const renamed = started.reference === payment.reference ? {} : { reference: started.reference };
        await repo.update(db, payment.identifier, { authorizationUrl: started.authorizationUrl, ...renamed });
        return {
          metadata: { authorizationUrl: started.authorizationUrl },
          payment: toPayment({ ...payment, ...renamed }),
        };
      } catch (err) {
        await repo.update(db, payment.identifier, { status: 'failed' });
        if (err instanceof GatewayError) throw gatewayFailed();
        throw err;
      }
    },

    /**
     * The status the web polls. A pending payment is also checked with the gateway (at most every few seconds), so a
     * lost or late webhook never leaves a paid top-up pending.
     */
    async status(actor: Actor, paymentId: string): Promise<PaymentStatusResponse> {
      const user = await me(actor);
      const found = await repo.ownedById(db, user.identifier, paymentId);
      requireAccess(actor, 'read', found && { kind: 'owned', ownerId: found.userId });
      let payment = found!;
      if (payment.status === 'pending' && clock.now().getTime() - payment.updatedAt.getTime() >= VERIFY_EVERY_MS) {
        await repo.touch(db, payment.identifier);
        const settlement = settlementFor(payment.gateway);
        try {
          const settled = settlement && (await settlement.settle(payment.reference));
          if (settled && 'payment' in settled && settled.payment) payment = settled.payment;
        } catch (err) {
          if (!(err instanceof GatewayError)) throw err;
        }
      }
      return {
        identifier: payment.identifier,
        status: payment.status,
        amount: payment.amount,
        currencyCode: payment.currencyCode,
      };
    },

    async bankAccount(actor: Actor): Promise<BankAccountResponse> {
      const user = await me(actor);
      const currency = await wallet.currencyOf(user.identifier);
      const gateway = gateways.transfersIn(currency) ? gateways.gatewayFor(currency) : undefined;
      const row = gateway ? await repo.virtualAccount(db, user.identifier, gateway.name) : undefined;
      const assigned = row?.status === 'assigned' && row.bankName && row.accountNumber && row.accountName;
      return {
        account: assigned
          ? { bankName: row.bankName!, accountNumber: row.accountNumber!, accountName: row.accountName! }
          : null,
        status: row?.status ?? 'none',
        // No account can be generated without both names and the phone number, nor in a currency without dedicated accounts (only NGN).
        canGenerate: !!gateway && !!(user.firstName && user.lastName && user.phoneNumber),
      };
    },

    /**
     * Requests the dedicated account (spec §4: automatically, once the profile has first and last name; Paystack
     * also requires the phone number). The gateway assigns it asynchronously: the account is `pending` until its
     * webhook fills it in (events/dedicated-account.handlers.ts). One request per user at a time; a failed one may be
     * asked again.
     */
    async requestBankAccount(actor: Actor): Promise<BankAccountResponse> {
      const user = await me(actor);
      const currency = await wallet.currencyOf(user.identifier);
      const gateway = transferGatewayFor(currency);
      const existing = await repo.virtualAccount(db, user.identifier, gateway.name);
      if (existing && existing.status !== 'failed') return this.bankAccount(actor);
      if (!user.firstName || !user.lastName) throw AppError.rule('bankAccountNeedsName');
      if (!user.phoneNumber) throw AppError.rule('bankAccountNeedsPhone');
      const claimed = existing
        ? await repo.retryFailedVirtualAccount(db, existing.identifier, user.email)
        : await repo.insertPendingVirtualAccount(db, {
            userId: user.identifier,
            gateway: gateway.name,
            currencyCode: currency,
            requestedEmail: user.email,
          });
      // Another request (a double click, a second tab) is already asking: its answer is this one's too.
      if (!claimed) return this.bankAccount(actor);
      try {
        await gateway.requestDedicatedAccount({
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          phone: user.phoneNumber,
          currency,
        });
      } catch (err) {
        await repo.deletePendingVirtualAccount(db, claimed.identifier);
        // A refusal (not an outage) is about the customer's details or the account's currency.
        if (err instanceof GatewayError)
          throw err.retryable ? gatewayFailed() : new AppError(400, 'PAYMENT_GATEWAY_ERROR', 'bankAccountRefused');
        throw err;
      }
      return this.bankAccount(actor);
    },
  };
}
export type TopupService = ReturnType<typeof createTopupService>;
