import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFakeTransfers, type FakeTransfers } from './fake-paystack-transfers.ts';

/**
 * A local stand-in for the part of Paystack's API this platform calls (transaction initialize and verify, customer,
 * dedicated account), answering with Paystack's documented envelopes `{ status, message, data }`, and signing
 * `charge.success` webhooks as Paystack does (HMAC-SHA512 of the raw body with the secret key, hex). Test support only.
 *
 * As on Paystack, a transaction nobody has paid yet verifies as `abandoned` ("the customer has not completed the
 * transaction"); `setStatus` moves it on (success, failed, ongoing, reversed...).
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
  transferWebhook(reference: string, event: 'transfer.success' | 'transfer.failed' | 'transfer.reversed'): SignedWebhook;
  /** The next `count` requests get no answer at all (until `close`), so the client's timeout fires. */
  hangNext(count?: number): void;
  /** The next `count` requests answer `status` (default 500) with a Paystack-like error body. */
  failNext(status?: number, count?: number): void;
  /** The next `count` requests answer 200 with a body that is not JSON. */
  garbleNext(count?: number): void;
  /** Settles a transaction as the checkout would (success sets paid_at; failed is a declined card). */
  setStatus(reference: string, status: 'success' | 'failed' | 'abandoned' | 'ongoing' | 'pending' | 'reversed'): FakeTransaction;
  /** A customer's transfer to their dedicated account: a new successful transaction and its signed webhook. */
  transfer(accountNumber: string, amount: number): { reference: string } & SignedWebhook;
  /** The signed webhook Paystack would send for a transaction (default `charge.success`). */
  webhook(reference: string, event?: string): SignedWebhook;
  close(): Promise<void>;
}

type Answer = { status: number; body: unknown };

const ok = (message: string, data: unknown): Answer => ({ status: 200, body: { status: true, message, data } });
const refuse = (status: number, message: string): Answer => ({ status, body: { status: false, message } });

export async function startFakePaystack(opts: { secretKey?: string } = {}): Promise<FakePaystack> {
  const secretKey = opts.secretKey ?? `sk_test_${crypto.randomBytes(20).toString('hex')}`;
  const transactions = new Map<string, FakeTransaction>();
  const customers = new Map<string, FakeCustomer>();
  const accounts = new Map<string, FakeAccount>();
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
      c = { id: nextId++, customerCode: `CUS_${crypto.randomBytes(8).toString('hex').slice(0, 15)}`, email, firstName: null, lastName: null, phone: null };
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
    metadata: null,
    risk_action: 'default',
  });
  const transactionJson = (t: FakeTransaction) => {
    const c = customerOf(t.email);
    return {
      id: t.id,
      domain: 'test',
      status: t.status,
      reference: t.reference,
      amount: t.amount,
      message: null,
      gateway_response: t.status === 'success' ? 'Successful' : t.status === 'failed' ? 'Declined' : 'The transaction was not completed',
      paid_at: t.paidAt,
      created_at: t.createdAt,
      channel: t.channel,
      currency: t.currency,
      ip_address: null,
      metadata: t.metadata,
      fees: t.status === 'success' ? Math.min(Math.round(t.amount * 0.015), 200_000) : null,
      customer: customerJson(c),
      authorization: t.status === 'success' ? { channel: t.channel, reusable: false, country_code: 'NG' } : {},
      plan: null,
    };
  };
  const accountJson = (a: FakeAccount) => {
    const c = [...customers.values()].find((x) => x.customerCode === a.customerCode)!;
    return {
      bank: a.bank,
      account_name: a.accountName,
      account_number: a.accountNumber,
      assigned: true,
      currency: 'NGN',
      active: true,
      id: a.id,
      customer: customerJson(c),
    };
  };

  // Paystack Transfers live in their own file (decision 0022).
  const transfers = createFakeTransfers(() => nextId++);

  function route(method: string, path: string, body: Record<string, unknown>, query = new URLSearchParams()): Answer {
    const transferAnswer = transfers.route(method, path, query, body);
    if (transferAnswer) return transferAnswer;
    if (method === 'POST' && path === '/transaction/initialize') {
      const email = body.email;
      const amount = typeof body.amount === 'string' && /^\d+$/.test(body.amount) ? Number(body.amount) : body.amount;
      if (typeof email !== 'string' || !email.includes('@')) return refuse(400, 'Invalid Email Address Passed');
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) return refuse(400, 'Invalid Amount Sent');
      const reference = typeof body.reference === 'string' && body.reference ? body.reference : crypto.randomBytes(6).toString('hex');
      if (transactions.has(reference)) return refuse(400, 'Duplicate Transaction Reference');
      const accessCode = crypto.randomBytes(8).toString('hex');
      transactions.set(reference, {
        id: nextId++,
        reference,
        email,
        amount,
        currency: typeof body.currency === 'string' ? body.currency : 'NGN',
        status: 'abandoned',
        channel: 'card',
        callbackUrl: typeof body.callback_url === 'string' ? body.callback_url : null,
        metadata: body.metadata ?? null,
        customerCode: customerOf(email).customerCode,
        createdAt: new Date().toISOString(),
        paidAt: null,
      });
      return ok('Authorization URL created', { authorization_url: `${fake.url}/checkout/${accessCode}`, access_code: accessCode, reference });
    }
    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(path);
    if (method === 'GET' && verify) {
      const t = transactions.get(decodeURIComponent(verify[1]!));
      if (!t) return refuse(400, 'Transaction reference not found');
      return ok('Verification successful', transactionJson(t));
    }
    if (method === 'POST' && path === '/customer') {
      const email = body.email;
      if (typeof email !== 'string' || !email.includes('@')) return refuse(400, 'Invalid Email Address Passed');
      const c = customerOf(email);
      if (typeof body.first_name === 'string') c.firstName = body.first_name;
      if (typeof body.last_name === 'string') c.lastName = body.last_name;
      if (typeof body.phone === 'string') c.phone = body.phone;
      return ok('Customer created', { ...customerJson(c), integration: 100_032, domain: 'test', identified: false, identifications: null });
    }
    if (method === 'POST' && path === '/dedicated_account') {
      const code = body.customer;
      const c = [...customers.values()].find((x) => x.customerCode === code || x.id === code);
      if (!c) return refuse(404, 'Customer not found');
      if (body.preferred_bank !== undefined && !['wema-bank', 'titan-paystack', 'test-bank'].includes(String(body.preferred_bank))) {
        return refuse(400, 'Preferred bank is not supported');
      }
      if (!c.firstName || !c.lastName || !c.phone) return refuse(400, 'Customer first name, last name and phone are required');
      let a = accounts.get(c.customerCode);
      if (!a) {
        a = {
          id: nextId++,
          customerCode: c.customerCode,
          accountNumber: String(nextAccountNumber++),
          accountName: `${c.firstName} ${c.lastName}`.toUpperCase(),
          bank: { name: 'Wema Bank', id: 20, slug: 'wema-bank' },
        };
        accounts.set(c.customerCode, a);
      }
      return ok('NUBAN successfully created', accountJson(a));
    }
    return refuse(404, 'Not found');
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
      const send = (a: Answer) => res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body));
      const failure = failures.shift();
      if (failure !== undefined) return send(refuse(failure, 'An error occurred'));
      if (garble > 0) {
        garble -= 1;
        return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>');
      }
      if (!authorized) return send(refuse(401, 'Invalid key'));
      if (badJson) return send(refuse(400, 'Invalid JSON'));
      const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
      send(route(req.method ?? 'GET', path, (body && typeof body === 'object' ? body : {}) as Record<string, unknown>, query));
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
    webhook(reference, event = 'charge.success') {
      const t = transactions.get(reference);
      if (!t) throw new Error(`fake paystack: no transaction ${reference}`);
      return sign(transactionJson(t), event);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
