import { z } from 'zod';
import { envelope, errorBody, messageOnly, paged } from '../common.ts';
import { MAX_TOPUP_MINOR } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { providerEarnings } from '../earnings.ts';
import { m } from '../messages/index.ts';
import {
  bankAccountResponse,
  gatewayEventNeedingAttention,
  heldWallet,
  paymentStatusResponse,
  topupInput,
  topupOptionsResponse,
  topupResponse,
  transactionListQuery,
  walletBalance,
  walletBalanceQuery,
  walletEarnings,
  walletPayout,
  payoutListQuery,
  walletStats,
  walletTransaction,
} from '../wallet.ts';

/** Spec §7 "Wallet and payment": balance, transactions, top-ups and their status, the bank account for transfers. */
const tags = ['wallet'] as const;
const walletErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const paymentErrors = { ...walletErrors, 409: errorBody, 502: errorBody };
const transactionParams = z.strictObject({ id: z.uuid({ error: m.notFound }) });
const paymentParams = z.strictObject({ paymentId: z.uuid({ error: m.notFound }) });

export const getWalletBalance = defineEndpoint({
  method: 'GET',
  path: '/wallet/balance',
  operationId: 'getWalletBalance',
  summary: "The signed-in user's wallet balance: of `currency` when given (a booking's), else of their own currency",
  tags,
  role: 'user',
  query: walletBalanceQuery,
  responses: { 200: envelope(walletBalance), ...walletErrors },
});

/**
 * Issue 46: a client may hold euros and dollars; each currency is its own wallet, with its own history. Issue 48: the
 * wallet used last comes first (the one /wallet opens on), so a client paying in euros is not shown an unused dollar
 * wallet first.
 */
export const listWalletBalances = defineEndpoint({
  method: 'GET',
  path: '/wallet/balances',
  operationId: 'listWalletBalances',
  summary:
    'Every wallet of the signed-in user, one per currency that holds money or has any history, the most recently used first; the own currency always (last when never used)',
  tags,
  role: 'user',
  responses: { 200: envelope(z.array(heldWallet)), ...walletErrors },
});

export const getProviderEarnings = defineEndpoint({
  method: 'GET',
  path: '/provider/earnings',
  operationId: 'getProviderEarnings',
  summary:
    "The signed-in provider's money per currency (pending, available, on its way, paid out), its sessions, payouts and next payout",
  tags,
  role: 'provider',
  responses: { 200: envelope(providerEarnings), ...walletErrors },
});

export const getWalletStats = defineEndpoint({
  method: 'GET',
  path: '/wallet/stats',
  operationId: 'getWalletStats',
  summary: "Money in and out, all time and this month: of the wallet of `currency` when given, else of the user's own",
  tags,
  role: 'user',
  query: walletBalanceQuery,
  responses: { 200: envelope(walletStats), ...walletErrors },
});

export const getWalletEarnings = defineEndpoint({
  method: 'GET',
  path: '/wallet/earnings',
  operationId: 'getWalletEarnings',
  summary: "The signed-in provider's earnings not yet paid out, per currency",
  tags,
  role: 'provider',
  responses: { 200: envelope(walletEarnings), ...walletErrors },
});

export const listWalletPayouts = defineEndpoint({
  method: 'GET',
  path: '/wallet/payouts',
  operationId: 'listWalletPayouts',
  summary: "The signed-in provider's payouts to their bank, newest first, a page at a time",
  tags,
  role: 'provider',
  query: payoutListQuery,
  responses: { 200: paged(walletPayout), ...walletErrors },
});

export const listWalletTransactions = defineEndpoint({
  method: 'GET',
  path: '/wallet/transactions',
  operationId: 'listWalletTransactions',
  summary: "The signed-in user's wallet transactions, newest first, a page at a time",
  tags,
  role: 'user',
  query: transactionListQuery,
  responses: { 200: paged(walletTransaction), ...walletErrors },
});

export const getWalletTransaction = defineEndpoint({
  method: 'GET',
  path: '/wallet/transactions/:id',
  operationId: 'getWalletTransaction',
  summary: 'One wallet transaction of the signed-in user',
  tags,
  role: 'user',
  params: transactionParams,
  responses: { 200: envelope(walletTransaction), ...walletErrors },
});

/** What the top-up dialog offers: the gateway a card payment goes to (it names it) and whether bank transfers exist. */
export const getTopupOptions = defineEndpoint({
  method: 'GET',
  path: '/payment/options',
  operationId: 'getTopupOptions',
  summary:
    "How the signed-in client can top up: the card gateway for `currency` (else the wallet's currency), and whether bank transfers are offered",
  tags,
  role: 'client',
  query: walletBalanceQuery,
  responses: { 200: envelope(topupOptionsResponse), ...walletErrors },
});

/** A repeated click or a retry after a lost answer with the same key gets the same payment back. */
export const startTopup = defineEndpoint({
  method: 'POST',
  path: '/payment/wallet',
  operationId: 'startTopup',
  summary: "Start a card top-up of the signed-in client's wallet",
  tags,
  role: 'client',
  idempotencyKey: 'optional',
  body: topupInput,
  responses: { 201: envelope(topupResponse), ...paymentErrors },
});

export const getPaymentStatus = defineEndpoint({
  method: 'GET',
  path: '/payment/status/:paymentId',
  operationId: 'getPaymentStatus',
  summary: 'The status of a top-up (polled while pending)',
  tags,
  role: 'user',
  params: paymentParams,
  responses: { 200: envelope(paymentStatusResponse), ...paymentErrors },
});

/** Spec §7 names these two paths; they replaced /wallet/bank-account, which only this project's web app used. */
export const getBankAccount = defineEndpoint({
  method: 'GET',
  path: '/virtual-accounts/account',
  operationId: 'getBankAccount',
  summary: 'The dedicated bank account for transfer top-ups, or null and whether one can be generated',
  tags,
  role: 'client',
  responses: { 200: envelope(bankAccountResponse), ...paymentErrors },
});

export const generateBankAccount = defineEndpoint({
  method: 'POST',
  path: '/virtual-accounts/generate',
  operationId: 'generateBankAccount',
  summary: 'Request the dedicated bank account for transfer top-ups',
  tags,
  role: 'client',
  responses: { 200: envelope(bankAccountResponse), ...paymentErrors },
});

const webhookParams = z.strictObject({ gateway: z.enum(['paystack', 'stripe', 'sandbox']) });

/**
 * The gateway's event delivery: the signature (`x-paystack-signature`, Stripe's `stripe-signature`) is checked on the raw bytes, so the body is
 * read as bytes, not parsed by a schema.
 */
export const receiveGatewayWebhook = defineEndpoint({
  method: 'POST',
  path: '/payment/webhook/:gateway',
  operationId: 'receiveGatewayWebhook',
  summary: "A payment gateway's signed event (stored once, settled by a job)",
  tags,
  role: 'public',
  params: webhookParams,
  responses: { 200: messageOnly, 400: errorBody, 401: errorBody, 404: errorBody },
});

/** Operators only (the access core's operator relation): anyone else gets 404, as for any object not theirs. */
export const listGatewayEventsNeedingAttention = defineEndpoint({
  method: 'GET',
  path: '/payment/events/attention',
  operationId: 'listGatewayEventsNeedingAttention',
  summary: 'Operators: the gateway events that could not be applied and wait for a person (newest first)',
  tags,
  role: 'user',
  responses: { 200: envelope(z.array(gatewayEventNeedingAttention)), 401: errorBody, 404: errorBody },
});

/** The sandbox gateway's own pages (DESIGN.md §2 "payments"), registered only when the sandbox is configured. */
const sandboxTags = ['payment-sandbox'] as const;
const sandboxReferenceParams = z.strictObject({ reference: z.string().min(1).max(200) });
const sandboxTransferInput = z.strictObject({
  accountNumber: z.string().trim().min(1, m.required).max(32),
  amount: z
    .number({ error: m.amountDigits })
    .int(m.amountDigits)
    .positive(m.amountPositive)
    .max(MAX_TOPUP_MINOR, m.amountTooLarge),
});
const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });
const notFoundPage = html('No sandbox payment with this reference (an HTML page)');
const backToApp = { description: "To the top-up's callback URL with its reference (or back to the checkout page)" };

export const getSandboxCheckout = defineEndpoint({
  method: 'GET',
  path: '/payment/sandbox/checkout/:reference',
  operationId: 'getSandboxCheckout',
  summary: "The sandbox's checkout page for a top-up",
  tags: sandboxTags,
  role: 'public',
  params: sandboxReferenceParams,
  responses: { 200: html('The checkout page'), 400: errorBody, 404: notFoundPage },
});

export const paySandboxCheckout = defineEndpoint({
  method: 'POST',
  path: '/payment/sandbox/checkout/:reference/pay',
  operationId: 'paySandboxCheckout',
  summary: 'Pay a sandbox top-up (the checkout form)',
  tags: sandboxTags,
  role: 'public',
  params: sandboxReferenceParams,
  consumes: ['application/x-www-form-urlencoded'],
  responses: { 303: backToApp, 400: errorBody, 404: notFoundPage },
});

export const declineSandboxCheckout = defineEndpoint({
  method: 'POST',
  path: '/payment/sandbox/checkout/:reference/decline',
  operationId: 'declineSandboxCheckout',
  summary: 'Decline a sandbox top-up (the checkout form)',
  tags: sandboxTags,
  role: 'public',
  params: sandboxReferenceParams,
  consumes: ['application/x-www-form-urlencoded'],
  responses: { 303: backToApp, 400: errorBody, 404: notFoundPage },
});

export const simulateSandboxTransfer = defineEndpoint({
  method: 'POST',
  path: '/payment/sandbox/transfer',
  operationId: 'simulateSandboxTransfer',
  summary: "Simulate a bank transfer to a dedicated account (the sandbox's transfer simulator)",
  tags: sandboxTags,
  role: 'public',
  body: sandboxTransferInput,
  responses: { 200: envelope(z.object({ reference: z.string() })), 400: errorBody, 404: errorBody },
});
