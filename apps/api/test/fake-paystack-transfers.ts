import crypto from 'node:crypto';

/**
 * The Transfers part of the Paystack stand-in (decision 0022), following Paystack's OpenAPI description
 * (PaystackOSS/openapi `dist/paystack.yaml`): `bank_list` (GET /bank), `bank_resolveAccountNumber` (GET /bank/resolve,
 * 200 or 404), `transferrecipient_create` (POST /transferrecipient, 201; a duplicate account answers the existing
 * recipient), `transfer_initiate` (POST /transfer, 200, currency NGN/ZAR/KES/GHS, `source` required) and
 * `transfer_verify` (GET /transfer/verify/{reference}, 200 or 404). Errors carry the published `Error` shape
 * `{ status: false, message, meta: { nextStep }, type, code }` (code: validation_error, processor_error, api_error).
 * The `transfer.*` webhooks' `data` is the transfer object of `transfer_verify`. Test support only; imported by
 * fake-paystack.ts, which routes to it.
 */

export interface FakeTransfer {
  id: number;
  reference: string;
  transferCode: string;
  recipientCode: string;
  amount: number;
  currency: string;
  reason: string;
  /** pending, success, failed, reversed (otp never: the account has OTP switched off). */
  status: string;
  createdAt: string;
  updatedAt: string;
}

export interface FakeRecipient {
  id: number;
  recipientCode: string;
  type: string;
  name: string;
  accountNumber: string;
  bankCode: string;
  currency: string;
  createdAt: string;
}

export interface FakeTransfers {
  /** Accounts the banks know, by `${bankCode}:${accountNumber}` -> holder name. */
  accounts: Map<string, string>;
  recipients: Map<string, FakeRecipient>;
  transfers: Map<string, FakeTransfer>;
  addAccount(bankCode: string, accountNumber: string, accountName: string): void;
  setTransferStatus(reference: string, status: 'pending' | 'success' | 'failed' | 'reversed'): FakeTransfer;
  /** The `transfer_verify` data object, as the webhooks carry it. */
  transferJson(reference: string): unknown;
  route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: Record<string, unknown>,
  ): { status: number; body: unknown } | undefined;
}

const banks = [
  {
    id: 1,
    name: 'Access Bank',
    slug: 'access-bank',
    code: '044',
    longcode: '044150149',
    currency: 'NGN',
    country: 'Nigeria',
    type: 'nuban',
  },
  {
    id: 9,
    name: 'First Bank of Nigeria',
    slug: 'first-bank-of-nigeria',
    code: '011',
    longcode: '011151003',
    currency: 'NGN',
    country: 'Nigeria',
    type: 'nuban',
  },
  {
    id: 28,
    name: 'Absa Bank Ghana Ltd',
    slug: 'absa-bank-ghana-ltd',
    code: '030100',
    longcode: '',
    currency: 'GHS',
    country: 'Ghana',
    type: 'ghipss',
  },
];
const transferCurrencies = ['NGN', 'ZAR', 'KES', 'GHS'];
const recipientTypes = ['nuban', 'ghipss', 'mobile_money', 'basa', 'authorization'];

const ok = (message: string, data: unknown, status = 200) => ({ status, body: { status: true, message, data } });
const refuse = (
  status: number,
  message: string,
  code: 'validation_error' | 'processor_error' | 'api_error' = 'validation_error',
) => ({
  status,
  body: { status: false, message, meta: { nextStep: 'Check the parameters and try again' }, type: code, code },
});

export function createFakeTransfers(nextId: () => number): FakeTransfers {
  const accounts = new Map<string, string>();
  const recipients = new Map<string, FakeRecipient>();
  const transfers = new Map<string, FakeTransfer>();
  const now = () => new Date().toISOString();

  const recipientJson = (r: FakeRecipient) => ({
    active: true,
    createdAt: r.createdAt,
    currency: r.currency,
    description: '',
    domain: 'test',
    email: null,
    id: r.id,
    integration: 100_032,
    metadata: null,
    name: r.name,
    recipient_code: r.recipientCode,
    type: r.type,
    updatedAt: r.createdAt,
    is_deleted: false,
    isDeleted: false,
    details: {
      authorization_code: null,
      account_number: r.accountNumber,
      account_name: accounts.get(`${r.bankCode}:${r.accountNumber}`) ?? null,
      bank_code: r.bankCode,
      bank_name: banks.find((b) => b.code === r.bankCode)?.name ?? '',
    },
  });
  const transferJson = (t: FakeTransfer) => ({
    amount: t.amount,
    createdAt: t.createdAt,
    currency: t.currency,
    domain: 'test',
    failures: null,
    id: t.id,
    integration: 100_032,
    reason: t.reason,
    reference: t.reference,
    source: 'balance',
    source_details: null,
    status: t.status,
    titan_code: null,
    transfer_code: t.transferCode,
    transferred_at: t.status === 'success' || t.status === 'reversed' ? t.updatedAt : null,
    updatedAt: t.updatedAt,
    recipient: recipientJson(recipients.get(t.recipientCode)!),
    session: { provider: null, id: null },
  });

  return {
    accounts,
    recipients,
    transfers,
    addAccount(bankCode, accountNumber, accountName) {
      accounts.set(`${bankCode}:${accountNumber}`, accountName);
    },
    setTransferStatus(reference, status) {
      const t = transfers.get(reference);
      if (!t) throw new Error(`fake paystack: no transfer ${reference}`);
      t.status = status;
      t.updatedAt = now();
      return t;
    },
    transferJson(reference) {
      const t = transfers.get(reference);
      if (!t) throw new Error(`fake paystack: no transfer ${reference}`);
      return transferJson(t);
    },
    route(method, path, query, body) {
      if (method === 'GET' && path === '/bank') {
        const currency = query.get('currency');
        return ok(
          'Banks retrieved',
          banks
            .filter((b) => !currency || b.currency === currency)
            .map((b) => ({
              ...b,
              gateway: null,
              pay_with_bank: false,
              supports_transfer: true,
              available_for_direct_debit: false,
              active: true,
              is_deleted: false,
              createdAt: '2016-07-14T10:04:29.000Z',
              updatedAt: '2024-01-01T00:00:00.000Z',
            })),
        );
      }
      if (method === 'GET' && path === '/bank/resolve') {
        const accountNumber = query.get('account_number') ?? '';
        const bankCode = query.get('bank_code') ?? '';
        const name = accounts.get(`${bankCode}:${accountNumber}`);
        if (!name) return refuse(404, 'Could not resolve account name. Check parameters or try again.');
        return ok('Account number resolved', {
          account_number: accountNumber,
          account_name: name,
          bank_id: banks.find((b) => b.code === bankCode)?.id ?? 0,
        });
      }
      if (method === 'POST' && path === '/transferrecipient') {
        const { type, name, account_number: accountNumber, bank_code: bankCode } = body;
        if (typeof type !== 'string' || !recipientTypes.includes(type)) return refuse(400, 'Invalid recipient type');
        if (typeof name !== 'string' || !name || typeof accountNumber !== 'string' || typeof bankCode !== 'string')
          return refuse(400, 'Name, account number and bank code are required');
        if (!accounts.has(`${bankCode}:${accountNumber}`)) return refuse(400, 'Account details are invalid');
        const currency = typeof body.currency === 'string' ? body.currency : 'NGN';
        const existing = [...recipients.values()].find(
          (r) => r.accountNumber === accountNumber && r.bankCode === bankCode && r.currency === currency,
        );
        if (existing) return ok('Transfer recipient created successfully', recipientJson(existing), 201);
        const r: FakeRecipient = {
          id: nextId(),
          recipientCode: `RCP_${crypto.randomBytes(8).toString('hex').slice(0, 15)}`,
          type,
          name,
          accountNumber,
          bankCode,
          currency,
          createdAt: now(),
        };
        recipients.set(r.recipientCode, r);
        return ok('Transfer recipient created successfully', recipientJson(r), 201);
      }
      if (method === 'POST' && path === '/transfer') {
        const { source, amount, recipient, reference } = body;
        const currency = typeof body.currency === 'string' ? body.currency : 'NGN';
        if (source !== 'balance') return refuse(400, 'Invalid source');
        if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0)
          return refuse(400, 'Invalid amount');
        if (!transferCurrencies.includes(currency)) return refuse(400, 'Currency not supported');
        if (typeof reference !== 'string' || !/^[a-z0-9_-]{16,}$/.test(reference))
          return refuse(400, 'Invalid reference');
        const r = typeof recipient === 'string' ? recipients.get(recipient) : undefined;
        if (!r) return refuse(404, 'Recipient specified is invalid');
        if (r.currency !== currency) return refuse(400, 'Currency does not match the recipient');
        const before = transfers.get(reference);
        if (before) {
          if (before.amount !== amount || before.recipientCode !== r.recipientCode)
            return refuse(400, 'Duplicate Transfer Reference');
          return ok('Transfer has been queued', transferJson(before));
        }
        const t: FakeTransfer = {
          id: nextId(),
          reference,
          transferCode: `TRF_${crypto.randomBytes(8).toString('hex').slice(0, 15)}`,
          recipientCode: r.recipientCode,
          amount,
          currency,
          reason: typeof body.reason === 'string' ? body.reason : '',
          status: 'pending',
          createdAt: now(),
          updatedAt: now(),
        };
        transfers.set(reference, t);
        const { recipient: _nested, session: _session, ...created } = transferJson(t);
        return ok('Transfer has been queued', {
          ...created,
          transfersessionid: [],
          transfertrials: [],
          request: nextId(),
          recipient: r.id,
        });
      }
      const verify = /^\/transfer\/verify\/([^/]+)$/.exec(path);
      if (method === 'GET' && verify) {
        const t = transfers.get(decodeURIComponent(verify[1]!));
        if (!t) return refuse(404, 'Transfer not found');
        return ok('Transfer retrieved', transferJson(t));
      }
      return undefined;
    },
  };
}
