import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeTransfers, type FakeTransfers } from './fake-paystack-transfers.ts';

/**
 * A local stand-in for the part of Paystack's API this platform calls. It follows Paystack's published description and
 * nothing else: the OpenAPI document `dist/paystack.yaml` of github.com/PaystackOSS/openapi (commit 9678dea, vendored
 * as test/published/paystack.yaml; the contract test paystack-contract.test.ts validates these answers against its
 * response schemas), Paystack's error catalogue (https://paystack.com/docs/api/errors/) and its webhook documentation
 * (https://paystack.com/docs/payments/webhooks/, event bodies `{ event, data }` signed with HMAC-SHA512 of the raw
 * body and the secret key, hex, in `x-paystack-signature`). Test support only.
 *
 * - Success: `{ status: true, message, data }`; failure: `{ status: false, message, meta: { nextStep }, type, code }`
 *   (schemas `Error` and `TransactionInitializeBadRequestModel`).
 * - `POST /transaction/initialize`: `amount` is an integer (a string is refused), `currency` one of the `Currency`
 *   enum (GHS, KES, NGN, ZAR, USD; else "Currency not supported by merchant"), `reference` only `-`, `.`, `=` and
 *   letters and digits; a reference used before is refused ("Duplicate Transaction Reference").
 * - `GET /transaction/verify/{reference}`: 404 for a reference it does not know. A transaction nobody has paid yet
 *   verifies as `abandoned`; `setStatus` moves it on (success, failed, ongoing, reversed...).
 * - `GET /dedicated_account/available_providers` lists the banks; `POST /dedicated_account/assign` requires email,
 *   first_name, last_name, phone, preferred_bank (one of those banks) and country (NG, GH) and answers only "in
 *   progress": the account comes with `dedicatedaccount.assign.success` (or `.failed`), see `completeAssignment`.
 * - `charge.success` is only ever sent for a transaction whose status is `success`.
 */

export interface FakeTransaction {
  id: number;
  reference: string;
  email: string;
  amount: number;
  currency: string;
  status: string;
  channel: string;
  callbackUrl: string | null;
  metadata: unknown;
  customerCode: string;
  createdAt: string;
  paidAt: string | null;
}

export interface FakeCustomer {
  id: number;
  customerCode: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
}

export interface FakeAccount {
  id: number;
  customerCode: string;
  accountNumber: string;
  accountName: string;
  bank: { name: string; id: number; slug: string };
}

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
  /** Whether the bearer key was the fake's secret key (the key itself is not kept). */
  authorized: boolean;
}

export interface SignedWebhook {
  rawBody: Buffer;
  signature: string;
}

export interface FakePaystack {
  /** Base URL to hand to `createPaystackGateway({ baseUrl })`. */
  url: string;
  secretKey: string;
  transactions: Map<string, FakeTransaction>;
  /** By lower-cased email. */
  customers: Map<string, FakeCustomer>;
  /** By customer code. */
  accounts: Map<string, FakeAccount>;
  requests: FakeRequest[];
  /** Paystack Transfers (fake-paystack-transfers.ts): banks, accounts, recipients and transfers. */
  transfers: FakeTransfers;
  /** The signed `transfer.*` webhook for a transfer, its body the transfer as `GET /transfer/verify` answers it. */
  transferWebhook(
    reference: string,
    event: 'transfer.success' | 'transfer.failed' | 'transfer.reversed',
  ): SignedWebhook;
  /** The next `count` requests get no answer at all (until `close`), so the client's timeout fires. */
  hangNext(count?: number): void;
  /** The next `count` requests answer `status` (default 500) with a Paystack-like error body. */
  failNext(status?: number, count?: number): void;
  /** The next `count` requests answer 200 with a body that is not JSON. */
  garbleNext(count?: number): void;
  /** Settles a transaction as the checkout would (success sets paid_at; failed is a declined card). */
  setStatus(
    reference: string,
    status: 'success' | 'failed' | 'abandoned' | 'ongoing' | 'pending' | 'reversed',
  ): FakeTransaction;
  /** A customer's transfer to their dedicated account: a new successful transaction and its signed webhook. */
  transfer(accountNumber: string, amount: number): { reference: string } & SignedWebhook;
  /**
   * Paystack's answer to a POST /dedicated_account/assign made for `email`: `success` assigns the account (in the
   * requested bank) and gives the signed `dedicatedaccount.assign.success` (data: customer, dedicated_account,
   * identification); `failed` the signed `dedicatedaccount.assign.failed` (dedicated_account null). Throws when no
   * assignment was requested for the email (Paystack sends these events only for a request).
   */
  completeAssignment(email: string, outcome: 'success' | 'failed'): SignedWebhook & { account?: FakeAccount };
  /** The signed `charge.success` Paystack sends for a paid transaction (throws for one that is not paid). */
  webhook(reference: string): SignedWebhook;
  /**
   * A refund of a paid transaction and its signed `refund.<status>` event; `data` is the published Refund resource
   * (dist/paystack.yaml RefundListResponseArray). Throws for a transaction that is not paid, as Paystack refunds only those.
   */
  refund(
    reference: string,
    amount: number,
    status?: 'pending' | 'processing' | 'processed' | 'failed',
  ): SignedWebhook & { id: number };
  /**
   * A dispute (chargeback) on a paid transaction: its signed `charge.dispute.create`, or `charge.dispute.resolve` with a
   * resolution (DisputeResolve: merchant-accepted, declined); `data` is the published Dispute resource
   * (DisputeListResponseArray: id, refund_amount, currency, status, resolution, transaction).
   */
  dispute(
    reference: string,
    refundAmount: number,
    resolution?: 'merchant-accepted' | 'declined',
    id?: number,
  ): SignedWebhook & { id: number };
  /** Any event body `{ event, data }`, signed as Paystack signs it (for events shaped by a test, e.g. refunds). */
  signEvent(event: string, data: unknown): SignedWebhook;
  close(): Promise<void>;
}

type Answer = { status: number; body: unknown };

/** The currencies Paystack takes (dist/paystack.yaml, components.schemas.Currency). */
export const PUBLISHED_CURRENCIES = ['GHS', 'KES', 'NGN', 'ZAR', 'USD'];
/** dist/paystack.yaml, TransactionInitialize.reference: "Only -, ., = and alphanumeric characters allowed." */
const REFERENCE_CHARACTERS = /^[A-Za-z0-9.=-]+$/;

const ok = (message: string, data: unknown): Answer => ({ status: 200, body: { status: true, message, data } });
/**
 * Paystack's error envelope. The published `Error` schema (401, 404 answers) enumerates `code` as validation_error,
 * processor_error or api_error; the initialize 400 (`TransactionInitializeBadRequestModel`) enumerates `type` instead
 * and carries a specific `code` (its example: duplicate_reference).
 */
const refuse = (
  status: number,
  message: string,
  nextStep: string,
  code: string = 'validation_error',
  type: string = 'validation_error',
): Answer => ({
  status,
  body: { status: false, message, meta: { nextStep }, type, code },
});
const invalidKey = () =>
  refuse(
    401,
    'Invalid key',
    'Ensure that you provide the correct authorization key for the request',
    'api_error',
    'api_error',
  );

export async function startFakePaystack(opts: { secretKey?: string } = {}): Promise<FakePaystack> {
  const secretKey = opts.secretKey ?? `sk_test_${crypto.randomBytes(20).toString('hex')}`;
  const transactions = new Map<string, FakeTransaction>();
  const customers = new Map<string, FakeCustomer>();
  const accounts = new Map<string, FakeAccount>();
  /** Requests of POST /dedicated_account/assign not answered by a webhook yet, by lower-cased email. */
  const assignments = new Map<string, { bankSlug: string; country: string }>();
  /** GET /dedicated_account/available_providers (Paystack's API docs: provider_slug, bank_id, bank_name, id). */
  const providers = [
    { provider_slug: 'wema-bank', bank_id: 20, bank_name: 'Wema Bank', id: 5 },
    { provider_slug: 'titan-paystack', bank_id: 67, bank_name: 'Titan Paystack', id: 6 },
  ];
  const requests: FakeRequest[] = [];
  let nextId = 4_099_260_000;
  let nextAccountNumber = 9_930_000_000;
  let hang = 0;
  let garble = 0;
  const failures: number[] = [];
  const hanging = new Set<http.ServerResponse>();

  const customerOf = (email: string): FakeCustomer => {
    const key = email.toLowerCase();
    let c = customers.get(key);
    if (!c) {
      c = {
        id: nextId++,
        customerCode: `CUS_${crypto.randomBytes(8).toString('hex').slice(0, 15)}`,
        email,
        firstName: null,
        lastName: null,
        phone: null,
      };
      customers.set(key, c);
    }
    return c;
  };
  const customerJson = (c: FakeCustomer) => ({
    id: c.id,
    first_name: c.firstName,
    last_name: c.lastName,
    email: c.email,
    customer_code: c.customerCode,
    phone: c.phone,
    metadata: {},
    risk_action: 'default',
    international_format_phone: c.phone,
  });
  /** A transaction as `GET /transaction/verify/{reference}` answers it (VerifyResponse.data: every required field). */
  const transactionJson = (t: FakeTransaction) => {
    const c = customerOf(t.email);
    const paid = t.status === 'success';
    return {
      id: t.id,
      domain: 'test',
      status: t.status,
      reference: t.reference,
      receipt_number: null,
      amount: t.amount,
      message: null,
      gateway_response: paid ? 'Successful' : t.status === 'failed' ? 'Declined' : 'The transaction was not completed',
      paid_at: t.paidAt,
      created_at: t.createdAt,
      channel: t.channel,
      currency: t.currency,
      ip_address: '127.0.0.1',
      metadata: t.metadata && typeof t.metadata === 'object' ? t.metadata : '',
      log: null,
      fees: paid ? Math.min(Math.round(t.amount * 0.015), 200_000) : null,
      fees_split: null,
      authorization: paid
        ? {
            channel: t.channel,
            reusable: false,
            country_code: 'NG',
            bin: null,
            account_name: null,
            receiver_bank_account_number: null,
            receiver_bank: null,
          }
        : {},
      customer: customerJson(c),
      plan: null,
      split: {},
      order_id: null,
      paidAt: t.paidAt,
      createdAt: t.createdAt,
      requested_amount: t.amount,
      pos_transaction_data: null,
      source: null,
      fees_breakdown: null,
      connect: null,
      transaction_date: t.createdAt,
      plan_object: {},
      subaccount: {},
    };
  };
  /** A dedicated account as Paystack's DVA resource describes it (DedicatedNubanCreateResponse.data, less the customer). */
  const accountJson = (a: FakeAccount) => ({
    bank: a.bank,
    account_name: a.accountName,
    account_number: a.accountNumber,
    assigned: true,
    currency: 'NGN',
    metadata: null,
    active: true,
    id: a.id,
  });

  // Paystack Transfers live in their own file (decision 0022).
  const transfers = createFakeTransfers(() => nextId++);

  function route(method: string, path: string, body: Record<string, unknown>, query = new URLSearchParams()): Answer {
    const transferAnswer = transfers.route(method, path, query, body);
    if (transferAnswer) return transferAnswer;
    if (method === 'POST' && path === '/transaction/initialize') {
      const email = body.email;
      const amount = body.amount;
      if (typeof email !== 'string' || !email.includes('@'))
        return refuse(
          400,
          'Invalid Email Address Passed',
          'Ensure that you pass a valid email address',
          'invalid_email',
        );
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
        return refuse(
          400,
          'Invalid Amount Sent',
          'Amount must be a positive integer (a whole number greater than zero)',
          'invalid_amount',
        );
      }
      const currency = body.currency === undefined ? 'NGN' : body.currency;
      if (typeof currency !== 'string' || !PUBLISHED_CURRENCIES.includes(currency)) {
        return refuse(
          400,
          'Currency not supported by merchant',
          "Ensure you're passing the currency code for a currency enabled on your integration",
          'unsupported_currency',
        );
      }
      if (
        body.reference !== undefined &&
        (typeof body.reference !== 'string' || !REFERENCE_CHARACTERS.test(body.reference))
      ) {
        return refuse(
          400,
          'Invalid transaction reference',
          'Ensure that you aren\'t using any characters that aren\'t alphanumeric or contained in "-, ., =" in your transaction reference',
          'invalid_reference',
        );
      }
      const reference = typeof body.reference === 'string' ? body.reference : crypto.randomBytes(6).toString('hex');
      if (transactions.has(reference))
        return refuse(
          400,
          'Duplicate Transaction Reference',
          'Try and create the Transaction or Charge with a new reference',
          'duplicate_reference',
        );
      const accessCode = crypto.randomBytes(8).toString('hex');
      transactions.set(reference, {
        id: nextId++,
        reference,
        email,
        amount,
        currency,
        status: 'abandoned',
        channel: 'card',
        callbackUrl: typeof body.callback_url === 'string' ? body.callback_url : null,
        metadata: body.metadata ?? null,
        customerCode: customerOf(email).customerCode,
        createdAt: new Date().toISOString(),
        paidAt: null,
      });
      return ok('Authorization URL created', {
        authorization_url: `${fake.url}/checkout/${accessCode}`,
        access_code: accessCode,
        reference,
      });
    }
    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(path);
    if (method === 'GET' && verify) {
      const t = transactions.get(decodeURIComponent(verify[1]!));
      if (!t)
        return refuse(
          404,
          'Transaction reference not found',
          "Ensure that you're passing the reference of a transaction that exists on this integration",
        );
      return ok('Verification successful', transactionJson(t));
    }
    if (method === 'GET' && path === '/dedicated_account/available_providers') {
      return ok('Dedicated account providers retrieved', providers);
    }
    if (method === 'POST' && path === '/dedicated_account/assign') {
      // DedicatedVirtualAccountAssign: email, first_name, last_name, phone, preferred_bank and country are required.
      const missing = ['email', 'first_name', 'last_name', 'phone', 'preferred_bank', 'country'].filter(
        (k) => typeof body[k] !== 'string' || !(body[k] as string).trim(),
      );
      if (missing.length)
        return refuse(
          400,
          `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required`,
          'Pass every required parameter of Assign Dedicated Account',
        );
      if (!String(body.email).includes('@'))
        return refuse(400, 'Invalid Email Address Passed', 'Ensure that you pass a valid email address');
      if (!['NG', 'GH'].includes(String(body.country))) return refuse(400, 'Invalid country', 'Pass NG or GH');
      if (!providers.some((p) => p.provider_slug === body.preferred_bank)) {
        return refuse(
          400,
          'Preferred bank is not supported',
          'Pass a provider slug from GET /dedicated_account/available_providers',
        );
      }
      const c = customerOf(String(body.email));
      c.firstName = String(body.first_name);
      c.lastName = String(body.last_name);
      c.phone = String(body.phone);
      assignments.set(c.email.toLowerCase(), { bankSlug: String(body.preferred_bank), country: String(body.country) });
      return { status: 200, body: { status: true, message: 'Assign dedicated account in progress' } };
    }
    return refuse(404, 'Not found', 'Check the path against the API reference');
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = undefined;
      let badJson = false;
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          badJson = true;
        }
      }
      const authorized = req.headers.authorization === `Bearer ${secretKey}`;
      requests.push({ method: req.method ?? 'GET', path, body, authorized });

      if (hang > 0) {
        hang -= 1;
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      const send = (a: Answer) =>
        res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body));
      const failure = failures.shift();
      if (failure !== undefined)
        return send(refuse(failure, 'An error occurred', 'Try again later', 'api_error', 'api_error'));
      if (garble > 0) {
        garble -= 1;
        return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>');
      }
      if (!authorized) return send(invalidKey());
      if (badJson) return send(refuse(400, 'Invalid JSON', 'Send a JSON body'));
      const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
      send(
        route(
          req.method ?? 'GET',
          path,
          (body && typeof body === 'object' ? body : {}) as Record<string, unknown>,
          query,
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const sign = (data: unknown, event: string): SignedWebhook => {
    const rawBody = Buffer.from(JSON.stringify({ event, data }));
    return { rawBody, signature: crypto.createHmac('sha512', secretKey).update(rawBody).digest('hex') };
  };

  const fake: FakePaystack = {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    transactions,
    customers,
    accounts,
    requests,
    transfers,
    transferWebhook: (reference, event) => sign(transfers.transferJson(reference), event),
    hangNext: (count = 1) => {
      hang += count;
    },
    failNext: (status = 500, count = 1) => {
      for (let i = 0; i < count; i++) failures.push(status);
    },
    garbleNext: (count = 1) => {
      garble += count;
    },
    setStatus(reference, status) {
      const t = transactions.get(reference);
      if (!t) throw new Error(`fake paystack: no transaction ${reference}`);
      t.status = status;
      if (status === 'success' && !t.paidAt) t.paidAt = new Date().toISOString();
      return t;
    },
    transfer(accountNumber, amount) {
      const a = [...accounts.values()].find((x) => x.accountNumber === accountNumber);
      if (!a) throw new Error(`fake paystack: no dedicated account ${accountNumber}`);
      const c = [...customers.values()].find((x) => x.customerCode === a.customerCode)!;
      const reference = `T${crypto.randomBytes(8).toString('hex')}`;
      const now = new Date().toISOString();
      transactions.set(reference, {
        id: nextId++,
        reference,
        email: c.email,
        amount,
        currency: 'NGN',
        status: 'success',
        channel: 'dedicated_nuban',
        callbackUrl: null,
        metadata: null,
        customerCode: c.customerCode,
        createdAt: now,
        paidAt: now,
      });
      return { reference, ...fake.webhook(reference) };
    },
    webhook(reference) {
      const t = transactions.get(reference);
      if (!t) throw new Error(`fake paystack: no transaction ${reference}`);
      // Paystack sends charge.success for a successful charge only.
      if (t.status !== 'success')
        throw new Error(`fake paystack: ${reference} is ${t.status}; Paystack sends no charge.success for it`);
      return sign(transactionJson(t), 'charge.success');
    },
    signEvent: (event, data) => sign(data, event),
    refund(reference, amount, status = 'processed') {
      const t = transactions.get(reference);
      if (!t || t.status !== 'success') throw new Error(`fake paystack: ${reference} is not a paid transaction`);
      const id = nextId++;
      const c = customerOf(t.email);
      const data = {
        integration: 100_032,
        transaction: t.id,
        dispute: null,
        settlement: null,
        id,
        domain: 'test',
        currency: t.currency,
        amount,
        status,
        refunded_at: status === 'processed' ? new Date().toISOString() : null,
        refunded_by: 'merchant@example.com',
        customer_note: 'Refund',
        merchant_note: 'Refund',
        deducted_amount: amount,
        fully_deducted: amount === t.amount ? 1 : 0,
        createdAt: new Date().toISOString(),
        bank_reference: null,
        transaction_reference: t.reference,
        reason: 'Customer asked',
        customer: customerJson(c),
        refund_type: amount === t.amount ? 'full' : 'partial',
        transaction_amount: t.amount,
        initiated_by: 'merchant',
        refund_channel: t.channel,
      };
      return { ...sign(data, `refund.${status}`), id };
    },
    dispute(reference, refundAmount, resolution, id) {
      const t = transactions.get(reference);
      if (!t || t.status !== 'success') throw new Error(`fake paystack: ${reference} is not a paid transaction`);
      const disputeId = id ?? nextId++;
      const data = {
        id: disputeId,
        refund_amount: refundAmount,
        currency: t.currency,
        status: resolution ? 'resolved' : 'awaiting-merchant-feedback',
        resolution: resolution ?? null,
        domain: 'test',
        transaction: transactionJson(t),
        category: 'chargeback',
        customer: customerJson(customerOf(t.email)),
        createdAt: new Date().toISOString(),
        resolvedAt: resolution ? new Date().toISOString() : null,
      };
      return { ...sign(data, resolution ? 'charge.dispute.resolve' : 'charge.dispute.create'), id: disputeId };
    },
    completeAssignment(email, outcome) {
      const requested = assignments.get(email.toLowerCase());
      const c = customers.get(email.toLowerCase());
      if (!requested || !c) throw new Error(`fake paystack: no dedicated account was requested for ${email}`);
      assignments.delete(email.toLowerCase());
      if (outcome === 'failed') {
        return sign(
          { customer: customerJson(c), dedicated_account: null, identification: { status: 'failed' } },
          'dedicatedaccount.assign.failed',
        );
      }
      const provider = providers.find((p) => p.provider_slug === requested.bankSlug)!;
      let a = accounts.get(c.customerCode);
      if (!a) {
        a = {
          id: nextId++,
          customerCode: c.customerCode,
          accountNumber: String(nextAccountNumber++),
          accountName: `${c.firstName} ${c.lastName}`.toUpperCase(),
          bank: { name: provider.bank_name, id: provider.bank_id, slug: provider.provider_slug },
        };
        accounts.set(c.customerCode, a);
      }
      return {
        ...sign(
          { customer: customerJson(c), dedicated_account: accountJson(a), identification: { status: 'success' } },
          'dedicatedaccount.assign.success',
        ),
        account: a,
      };
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
