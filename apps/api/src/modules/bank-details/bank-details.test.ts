import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '@therapy/contracts/messages';
import { startFakePaystack, type FakePaystack } from '../../../test/fake-paystack.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { insertDemoBankDetails } from '../../db/seed/demo-bank-details.ts';
import { demoAccounts, seedDemoData } from '../../db/seed/seed-demo.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { createAccessTokens } from '../../platform/auth/tokens.ts';
import { fieldEncryptionFromConfig } from '../../platform/field-encryption.ts';
import { createWalletModule } from '../wallet/wallet.module.ts';
import { accountNamesMatch, createBankDetailsService } from './bank-details.service.ts';

/** Bank payout details (spec §3, §5 "Bank details"; decisions 0024, 0051) on the real app and database, sandbox gateway. */
let t: TestApp;
let operator: SignedUp;
beforeAll(async () => {
  t = await buildTestApp();
  const user = await t.signUp('provider');
  await t.db.$client.query("UPDATE users SET user_type = 'operator' WHERE identifier = $1", [user.userId]);
  // Operators have no sign-in page yet: their session's token, as the access core reads it, says operator.
  const tokens = createAccessTokens(t.config.jwtSecret);
  const claims = (await tokens.verify(user.session.accessToken, t.clock.now()))!;
  const token = await tokens.sign({ ...claims, userType: 'operator' }, t.clock.now());
  operator = { ...user, auth: { authorization: `Bearer ${token}` } };
});
afterAll(async () => {
  await t.close();
});

/** A provider whose profile country is `country` (sign-up takes none; the profile form sets it). */
async function providerOf(app: TestApp, country: string): Promise<SignedUp> {
  const p = await app.signUp('provider');
  await app.db.$client.query('UPDATE users SET country_code = $1 WHERE identifier = $2', [country, p.userId]);
  return p;
}
const providerIn = (country: string) => providerOf(t, country);
const put = (who: SignedUp, payload: unknown) => t.api('PUT', '/provider/bank-details', who, payload);
const rows = async (providerId: string) =>
  (await t.db.$client.query('SELECT * FROM bank_details WHERE provider_id = $1', [providerId])).rows as Record<
    string,
    unknown
  >[];
const recipients = (providerId: string) => t.count('payout_recipients', { provider_id: providerId });
/** Earnings of a completed session, as the booking flow posts them (the wallet's ledger). */
const earn = (providerId: string, amount: number, currencyCode: string) =>
  createWalletModule(t).transfer({
    userId: providerId,
    amount,
    currencyCode,
    reference: `booking-${crypto.randomUUID()}`,
    description: 'Session completed',
    commissionRate: 0,
  });
/** What the operator's due list has for a provider in a batch currency. */
async function dueFor(providerId: string, currency: string) {
  const res = await t.api('GET', `/operator/payouts/due?currency=${currency}`, operator);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { providerId: string }[]).filter((d) => d.providerId === providerId);
}

const gb = {
  form: 'gb',
  accountName: "Jane O'Neil-Smith, Jr.",
  bankCode: '204514',
  bankName: 'Barclays Bank',
  accountNumber: '41234567',
  address: '10 Downing Street, London',
  postalCode: 'SW1A 2AA',
  accountType: 'checking',
  accountOwnership: 'personal',
  dateOfBirth: '1980-04-12',
};
const standard = {
  form: 'standard',
  accountName: 'Claire Tremblay',
  bankCode: '00010',
  bankName: 'Banque de Montréal',
  accountNumber: '9876543210',
};
const sepa = {
  form: 'sepa',
  accountName: 'Lena Hoffmann',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
};
const addressed = {
  form: 'addressed',
  accountName: 'Mary-Ann Lee',
  bankCode: '021000021',
  bankName: 'Chase Bank',
  accountNumber: '000123456789',
  address: '1 Main Street, Springfield',
  postalCode: '62701',
  accountType: 'savings',
  accountOwnership: 'business',
};

/** A refused save: 400 VALIDATION_ERROR with exactly this message, and nothing stored. */
async function refused(who: SignedUp, payload: unknown, text: string) {
  const res = await put(who, payload);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  expect(res.json().errors).toContain(text);
  expect(await rows(who.userId)).toHaveLength(0);
  expect(await recipients(who.userId)).toBe(0);
}

describe('access', () => {
  it('anonymous 401, a client 403 on every route', async () => {
    const client = await t.signUp('client');
    for (const [method, url, payload] of [
      ['GET', '/provider/bank-details', undefined],
      ['PUT', '/provider/bank-details', gb],
      ['GET', '/provider/bank-details/banks', undefined],
      ['POST', '/provider/bank-details/account-check', { bankCode: '001', accountNumber: '0123456789' }],
    ] as const) {
      expect((await t.api(method, url, undefined, payload)).statusCode).toBe(401);
      expect((await t.api(method, url, client, payload)).statusCode).toBe(403);
    }
  });

  it('a provider only ever sees their own details', async () => {
    const a = await providerIn('GB');
    const b = await providerIn('GB');
    expect((await put(a, gb)).statusCode).toBe(200);
    const theirs = await t.api('GET', '/provider/bank-details', b);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.details).toBeNull();
    expect((await t.api('GET', '/provider/bank-details', a)).json().data.details.accountName).toBe(gb.accountName);
  });
});

describe('which form', () => {
  it.each([
    ['GB', 'gb', 'GBP', false],
    ['US', 'addressed', 'USD', false],
    ['DE', 'sepa', 'EUR', false],
    ['FR', 'sepa', 'EUR', false],
    ['CA', 'standard', 'USD', false],
    ['NG', 'standard', 'NGN', true],
  ])('a provider in %s gets the %s form in %s (gateway check %s)', async (country, form, currency, gatewayCheck) => {
    const p = await providerIn(country);
    const res = await t.api('GET', '/provider/bank-details', p);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ countryCode: country, currency, form, gatewayCheck, details: null });
  });

  it("another country's form is refused: a GB provider cannot leave out the GB fields", async () => {
    const p = await providerIn('GB');
    await refused(p, standard, en.bankFormMismatch);
    await refused(p, { ...gb, form: 'other' }, `${en.required}: form`);
  });

  it('a SEPA provider cannot send the digits-only first form, nor a CA provider the SEPA form', async () => {
    await refused(await providerIn('DE'), { ...standard }, en.bankFormMismatch);
    await refused(await providerIn('CA'), sepa, en.bankFormMismatch);
  });
});

describe('the first form (spec §5 "Bank details"), outside GB, the US, SEPA and the gateway', () => {
  let p: SignedUp;
  beforeAll(async () => {
    p = await providerIn('CA');
  });

  it.each([
    ['digits', 'Jane Doe 2'],
    ['an @', 'jane@doe'],
    ['2 characters', 'Jo'],
    ['33 characters', 'J'.repeat(33)],
    ['empty', ''],
  ])('accountName with %s is refused', async (_, accountName) => {
    await refused(p, { ...standard, accountName }, en.bankAccountNamePattern);
  });

  it.each([
    ['letters', '12A45'],
    ['2 digits', '12'],
    ['33 digits', '1'.repeat(33)],
    ['a dash', '20-45-14'],
  ])('sort code with %s is refused', async (_, bankCode) => {
    await refused(p, { ...standard, bankCode }, en.bankSortCodePattern);
  });

  it.each([
    ['letters', '12345678A'],
    ['2 digits', '12'],
    ['33 digits', '9'.repeat(33)],
    ['spaces', '1234 5678'],
  ])('account number with %s is refused', async (_, accountNumber) => {
    await refused(p, { ...standard, accountNumber }, en.bankAccountNumberPattern);
  });

  it('bankName under 3 characters is refused', async () => {
    await refused(p, { ...standard, bankName: 'AB' }, en.bankNameMin);
    await refused(p, { ...standard, bankName: '  ' }, en.bankNameMin);
  });

  it('type and ownership are optional outside GB, but only checking|savings and business|personal', async () => {
    await refused(p, { ...standard, accountType: 'current' }, en.bankAccountTypeRequired);
    await refused(p, { ...standard, accountOwnership: 'joint' }, en.bankAccountOwnershipRequired);
    await refused(p, { ...standard, dateOfBirth: '2999-01-01' }, en.bankDateOfBirthRequired);
    await refused(p, { ...standard, address: 'abc' }, en.bankAddressLength);
  });

  it('unknown fields are refused', async () => {
    const res = await put(p, { ...standard, providerId: 'x' });
    expect(res.statusCode).toBe(400);
    expect(await rows(p.userId)).toHaveLength(0);
  });

  it('saves the minimum (no type, ownership, address) and accepts letters, spaces, hyphens, commas, apostrophes, periods', async () => {
    const q = await providerIn('CA');
    const res = await put(q, {
      ...standard,
      accountName: "O'Neil-Brandt, A. Jr",
      accountType: '',
      accountOwnership: '',
      address: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(en.bankDetailsSaved);
    expect(res.json().data.details).toMatchObject({
      form: 'standard',
      accountName: "O'Neil-Brandt, A. Jr",
      accountNumberLast4: '3210',
      accountType: null,
      accountOwnership: null,
      address: null,
      currency: 'USD',
      payoutRoute: 'none',
      verifiedAccountName: null,
    });
  });
});

describe('GB (spec §5: address 5-100, postal code 3-10, type, ownership and date of birth required)', () => {
  let p: SignedUp;
  beforeAll(async () => {
    p = await providerIn('GB');
  });

  it('a GB account without an address is refused', async () => {
    const { address: _, ...withoutAddress } = gb;
    await refused(p, withoutAddress, en.bankAddressLength);
    await refused(p, { ...gb, address: '' }, en.bankAddressLength);
  });

  it.each([
    ['address of 4', { address: 'Flat' }, en.bankAddressLength],
    ['address of 101', { address: 'a'.repeat(101) }, en.bankAddressLength],
    ['postal code of 2', { postalCode: 'SW' }, en.bankPostalCodeLength],
    ['postal code of 11', { postalCode: 'SW1A 2AA 12' }, en.bankPostalCodeLength],
    ['no postal code', { postalCode: undefined }, en.bankPostalCodeLength],
    ['no account type', { accountType: undefined }, en.bankAccountTypeRequired],
    ['an account type outside checking|savings', { accountType: 'current' }, en.bankAccountTypeRequired],
    ['no ownership', { accountOwnership: undefined }, en.bankAccountOwnershipRequired],
    ['no date of birth', { dateOfBirth: undefined }, en.bankDateOfBirthRequired],
    ['a date of birth that does not exist', { dateOfBirth: '1980-02-30' }, en.bankDateOfBirthRequired],
    ['a date of birth in the future', { dateOfBirth: '2999-01-01' }, en.bankDateOfBirthRequired],
    ['a name with digits', { accountName: 'Jane 007' }, en.bankAccountNamePattern],
  ])('%s is refused', async (_, change, text) => {
    await refused(p, { ...gb, ...change }, text);
  });

  it.each([
    ['a sort code of 5 digits', { bankCode: '12345' }, en.bankSortCodeGb],
    ['a sort code of 7 digits', { bankCode: '1234567' }, en.bankSortCodeGb],
    ['a sort code with letters', { bankCode: '20A514' }, en.bankSortCodeGb],
    ['an account number of 7 digits', { accountNumber: '1234567' }, en.bankAccountNumberGb],
    ['an account number of 9 digits', { accountNumber: '123456789' }, en.bankAccountNumberGb],
  ])('a UK bank needs a 6-digit sort code and an 8-digit account number: %s is refused', async (_, change, text) => {
    await refused(p, { ...gb, ...change }, text);
  });

  it('takes a sort code as printed (20-45-14) and stores its digits', async () => {
    const q = await providerIn('GB');
    const res = await put(q, { ...gb, bankCode: '20-45-14', accountNumber: '1234 5678' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.details).toMatchObject({ bankCode: '204514', accountNumberLast4: '5678' });
  });

  it('saves, registers the account for GBP bank-file payouts, and answers only the last four digits', async () => {
    const res = await put(p, gb);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(gb.accountNumber);
    expect(res.json().data.details).toMatchObject({
      form: 'gb',
      accountNumberLast4: '4567',
      payoutRoute: 'bank-file',
      currency: 'GBP',
      dateOfBirth: gb.dateOfBirth,
    });
    expect(res.json().data.details).not.toHaveProperty('accountNumber');
    const get = await t.api('GET', '/provider/bank-details', p);
    expect(get.body).not.toContain(gb.accountNumber);
    expect(get.json().data.details).toMatchObject({
      accountName: gb.accountName,
      bankCode: gb.bankCode,
      address: gb.address,
      postalCode: gb.postalCode,
    });
    const recipient = await t.db.$client.query(
      'SELECT gateway, currency_code FROM payout_recipients WHERE provider_id = $1',
      [p.userId],
    );
    expect(recipient.rows).toEqual([{ gateway: 'bank-file', currency_code: 'GBP' }]);
  });

  it('at rest: no column holds the account number, name, sort code, address or date of birth in plain text', async () => {
    const [row] = await rows(p.userId);
    expect(row).toBeDefined();
    const raw = JSON.stringify(row);
    for (const secret of [gb.accountNumber, gb.accountName, gb.bankCode, gb.address, gb.postalCode, gb.dateOfBirth])
      expect(raw).not.toContain(secret);
    const sealed = Buffer.from(String(row!.sealed), 'base64');
    expect(sealed[0]).toBe(1);
    expect(sealed.toString('latin1')).not.toContain(gb.accountNumber);
    expect(row!.account_number_last4).toBe('4567');
  });

  it('saving again replaces the details (one row)', async () => {
    const res = await put(p, { ...gb, accountNumber: '87654321', accountType: 'savings' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.details).toMatchObject({ accountNumberLast4: '4321', accountType: 'savings' });
    expect(await rows(p.userId)).toHaveLength(1);
  });
});

describe('the second form (addressed, US: ABA routing number, ACH bank file)', () => {
  let p: SignedUp;
  beforeAll(async () => {
    p = await providerIn('US');
  });

  it.each([
    ['a comma in the name', { accountName: 'Lee, Mary' }, en.bankAccountNameAddressedPattern],
    ['a digit in the name', { accountName: 'Mary Lee 2' }, en.bankAccountNameAddressedPattern],
    ['a period in the name', { accountName: 'Mary A. Lee' }, en.bankAccountNameAddressedPattern],
    ['a name of 2', { accountName: 'Lu' }, en.bankAccountNameAddressedPattern],
    ['no address', { address: undefined }, en.bankAddressLength],
    ['no postal code', { postalCode: '' }, en.bankPostalCodeLength],
    ['no account type', { accountType: undefined }, en.bankAccountTypeRequired],
    ['no ownership', { accountOwnership: '' }, en.bankAccountOwnershipRequired],
    ['a routing number with a wrong check digit', { bankCode: '021000022' }, en.bankRoutingNumberInvalid],
    ['a routing number of 8 digits', { bankCode: '02100002' }, en.bankRoutingNumberInvalid],
    ['a routing number of 10 digits', { bankCode: '0210000210' }, en.bankRoutingNumberInvalid],
    ['a routing number outside the ABA prefixes', { bankCode: '500000005' }, en.bankRoutingNumberInvalid],
    ['no routing number', { bankCode: '' }, en.bankRoutingNumberInvalid],
    ['an account number of 3 digits', { accountNumber: '123' }, en.bankAccountNumberUs],
    ['an account number of 18 digits', { accountNumber: '1'.repeat(18) }, en.bankAccountNumberUs],
    ['an account number with letters', { accountNumber: '12345X' }, en.bankAccountNumberUs],
  ])('%s is refused', async (_, change, text) => {
    await refused(p, { ...addressed, ...change }, text);
  });

  it('saves without a date of birth, registers the account for USD bank-file (ACH) payouts, and is due once earned', async () => {
    const res = await put(p, addressed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.details).toMatchObject({
      form: 'addressed',
      bankCode: '021000021',
      accountNumberLast4: '6789',
      payoutRoute: 'bank-file',
      currency: 'USD',
      dateOfBirth: null,
    });
    expect(res.body).not.toContain(addressed.accountNumber);
    const recipient = await t.db.$client.query(
      'SELECT gateway, currency_code, bank_code, account_type FROM payout_recipients WHERE provider_id = $1',
      [p.userId],
    );
    expect(recipient.rows).toEqual([
      { gateway: 'bank-file', currency_code: 'USD', bank_code: '021000021', account_type: 'savings' },
    ]);
    expect(await dueFor(p.userId, 'USD')).toEqual([]);
    await earn(p.userId, 12_500, 'USD');
    expect(await dueFor(p.userId, 'USD')).toEqual([
      { providerId: p.userId, accountName: addressed.accountName, amount: 12_500, currencyCode: 'USD' },
    ]);
  });
});

describe('the SEPA form (EUR in SEPA countries: IBAN and BIC, SEPA bank file)', () => {
  let p: SignedUp;
  beforeAll(async () => {
    p = await providerIn('DE');
  });

  it.each([
    ['an IBAN with a wrong checksum', { iban: 'DE89 3704 0044 0532 0130 01' }, en.ibanInvalid],
    ['an IBAN of the wrong length', { iban: 'DE89 3704 0044 0532 0130' }, en.ibanInvalid],
    ['digits only (the old form)', { iban: '0532013000' }, en.ibanInvalid],
    ['no IBAN', { iban: '' }, en.ibanInvalid],
    ['a Turkish IBAN', { iban: 'TR33 0006 1005 1978 6457 8413 26', bic: 'TGBATRISXXX' }, en.ibanNotSepa],
    ['a Brazilian IBAN', { iban: 'BR18 0036 0305 0000 1000 9795 493C 1', bic: 'BRASBRRJXXX' }, en.ibanNotSepa],
    ['a BIC of a bank in another country', { bic: 'BNPAFRPPXXX' }, en.bicCountryMismatch],
    ['a malformed BIC', { bic: 'COBA1EFF' }, en.bicInvalid],
    ['no BIC', { bic: '' }, en.bicInvalid],
    ['a name with digits', { accountName: 'Lena 2' }, en.bankAccountNamePattern],
    ['a bank name of 2', { bankName: 'CB' }, en.bankNameMin],
  ])('%s is refused', async (_, change, text) => {
    await refused(p, { ...sepa, ...change }, text);
  });

  it('a holder name with no Latin letters cannot reach a SEPA bank: refused, nothing stored', async () => {
    await refused(p, { ...sepa, accountName: '李小龍' }, en.accountNameNotLatin);
  });

  it("the spec form's fields are not the SEPA form's: an account number instead of an IBAN is refused", async () => {
    const res = await put(p, { ...sepa, accountNumber: '0532013000' });
    expect(res.statusCode).toBe(400);
    expect(await rows(p.userId)).toHaveLength(0);
  });

  it('saves, registers the IBAN for EUR bank-file payouts, shows only its last four, and is due once earned', async () => {
    const res = await put(p, { ...sepa, iban: 'de89 3704 0044 0532 0130 00', bic: 'coba de ff xxx' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.details).toMatchObject({
      form: 'sepa',
      accountName: 'Lena Hoffmann',
      bankCode: 'COBADEFFXXX',
      bankName: null,
      accountNumberLast4: '3000',
      payoutRoute: 'bank-file',
      currency: 'EUR',
      accountType: null,
      address: null,
    });
    const get = await t.api('GET', '/provider/bank-details', p);
    expect(get.json().data).toMatchObject({ form: 'sepa', details: { accountNumberLast4: '3000' } });
    for (const body of [res.body, get.body]) expect(body).not.toMatch(/DE89\s?3704|370400440532013000/i);
    const recipient = await t.db.$client.query(
      'SELECT gateway, currency_code, account_number, bank_code FROM payout_recipients WHERE provider_id = $1',
      [p.userId],
    );
    expect(recipient.rows).toEqual([
      {
        gateway: 'bank-file',
        currency_code: 'EUR',
        account_number: 'DE89370400440532013000',
        bank_code: 'COBADEFFXXX',
      },
    ]);
    const [row] = await rows(p.userId);
    expect(JSON.stringify(row)).not.toContain('370400440532013000');
    expect(await dueFor(p.userId, 'EUR')).toEqual([]);
    await earn(p.userId, 9_900, 'EUR');
    expect(await dueFor(p.userId, 'EUR')).toEqual([
      { providerId: p.userId, accountName: 'Lena Hoffmann', amount: 9_900, currencyCode: 'EUR' },
    ]);
  });

  it('takes a bank name when given, and an IBAN ending in a letter (Malta)', async () => {
    const q = await providerIn('MT');
    const res = await put(q, {
      ...sepa,
      iban: 'MT84 MALT 0110 0001 2345 MTLC AST0 01S',
      bic: 'MALTMTMTXXX',
      bankName: 'Bank of Valletta',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.details).toMatchObject({ accountNumberLast4: '001S', bankName: 'Bank of Valletta' });
  });
});

describe('the gateway check (NGN through the payout gateway)', () => {
  let p: SignedUp;
  const ng = {
    form: 'standard',
    accountName: 'Sandbox Account',
    bankCode: '001',
    bankName: 'Sandbox Bank',
    accountNumber: '0123456789',
  };
  beforeAll(async () => {
    p = await providerIn('NG');
  });

  it("lists the gateway's banks; refuses the list where the gateway does not pay out", async () => {
    const res = await t.api('GET', '/provider/bank-details/banks', p);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual({ name: 'Sandbox Bank', code: '001' });
    const gbp = await t.api('GET', '/provider/bank-details/banks', await providerIn('GB'));
    expect(gbp.statusCode).toBe(400);
  });

  it('the account check answers the name the bank holds and stores nothing', async () => {
    const res = await t.api('POST', '/provider/bank-details/account-check', p, {
      bankCode: '001',
      accountNumber: '0123456789',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ accountName: 'SANDBOX ACCOUNT 6789' });
    expect(await recipients(p.userId)).toBe(0);
  });

  it('a name that does not match the bank is refused with a clear message: nothing stored, no recipient', async () => {
    await refused(p, { ...ng, accountName: 'Theo Provider' }, en.bankAccountNameMismatch);
  });

  it('a bank not in the gateway list, or an account the bank does not know, is refused and nothing stored', async () => {
    await refused(p, { ...ng, bankCode: '999' }, en.bankNotInList);
    await refused(p, { ...ng, accountNumber: '0001234567' }, en.bankAccountNotResolved);
  });

  it("a matching name saves, with the bank's name from the gateway and the gateway's recipient", async () => {
    const res = await put(p, { ...ng, accountName: 'account sandbox', bankName: 'typed name' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.details).toMatchObject({
      payoutRoute: 'gateway',
      bankName: 'Sandbox Bank',
      verifiedAccountName: 'SANDBOX ACCOUNT 6789',
      accountNumberLast4: '6789',
      currency: 'NGN',
    });
    expect(res.body).not.toContain('0123456789');
    const [row] = await rows(p.userId);
    expect(row!.recipient_id).toBeTruthy();
    expect(await recipients(p.userId)).toBe(1);
  });
});

describe('the gateway cannot be reached', () => {
  let down: TestApp;
  beforeAll(async () => {
    down = await buildTestApp({
      PAYMENT_GATEWAY: 'paystack',
      PAYSTACK_SECRET_KEY: 'sk_test_unreachable',
      PAYSTACK_BASE_URL: 'http://127.0.0.1:9',
    });
  });
  afterAll(async () => {
    await down.close();
  });

  it('a clear message that nothing was saved (502 from the gateway, never a 500), nothing stored', async () => {
    const p = await providerOf(down, 'NG');
    const res = await down.api('PUT', '/provider/bank-details', p, {
      form: 'standard',
      accountName: 'Ada Obi',
      bankCode: '044',
      bankName: 'Access Bank',
      accountNumber: '0123456789',
    });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_GATEWAY_ERROR', message: en.bankGatewayUnavailable });
    expect(await down.count('bank_details', { provider_id: p.userId })).toBe(0);
    expect(await down.count('payout_recipients', { provider_id: p.userId })).toBe(0);
    const banks = await down.api('GET', '/provider/bank-details/banks', p);
    expect(banks.statusCode).toBe(502);
    expect(banks.json().message).toBe(en.bankGatewayUnavailable);
  });
});

describe('never logged', () => {
  it('the log of a PUT (trace level, a refusal and a save) holds no account number, sort code or name', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp(
      { LOG_LEVEL: 'trace' },
      { logger: true, logStream: { write: (line: string) => void lines.push(line) } },
    );
    try {
      const p = await providerOf(logged, 'GB');
      const bad = await logged.api('PUT', '/provider/bank-details', p, { ...gb, address: '' });
      expect(bad.statusCode).toBe(400);
      const ok = await logged.api('PUT', '/provider/bank-details', p, { ...gb, accountNumber: '55512345' });
      expect(ok.statusCode, ok.body).toBe(200);
      const out = lines.join('');
      expect(out).toContain('/api/v1/provider/bank-details');
      for (const secret of ['41234567', '55512345', gb.bankCode, 'Neil-Smith', gb.address])
        expect(out).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});

describe('the checklist step', () => {
  it('bankDetails is complete once details are saved', async () => {
    const p = await providerIn('US');
    const service = createBankDetailsService(t, {
      users: { findActiveUser: async () => undefined },
      wallet: { currencyOf: async () => 'USD' },
      payouts: { gatewayCurrencies: [] } as never,
    });
    expect(await service.isComplete(p.userId)).toBe(false);
    expect((await put(p, addressed)).statusCode).toBe(200);
    expect(await service.isComplete(p.userId)).toBe(true);
  });
});

describe('name matching', () => {
  it.each([
    ['Jane Doe', 'DOE JANE', true],
    ['Jane Doe', 'DOE JANE MARY', true],
    ['jane  doe.', 'Doe, Jane', true],
    ['José Núñez', 'JOSE NUNEZ', true],
    ['Jane Smith', 'DOE JANE', false],
    ['Jane', 'DOE JANE', false],
    ['Jane Doe Mary', 'DOE JANE', false],
  ])('%s vs %s: %s', (typed, resolved, match) => {
    expect(accountNamesMatch(typed, resolved)).toBe(match);
  });
});

describe('demo data', () => {
  it('the demo provider (DE) has bank details the app opens, masked', async () => {
    await seedDemoData(t.db, { hashPassword, seal: fieldEncryptionFromConfig(t.config).seal });
    const demo = demoAccounts.find((a) => a.userType === 'provider')!;
    const login = await t.request({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { email: demo.email, password: demo.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().data.accessToken as string;
    const res = await t.request({
      method: 'GET',
      url: '/api/v1/provider/bank-details',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      form: 'sepa',
      countryCode: 'DE',
      currency: 'EUR',
      details: {
        form: 'sepa',
        accountName: 'Lena Hoffmann',
        bankCode: 'COBADEFFXXX',
        accountNumberLast4: '3000',
        payoutRoute: 'bank-file',
      },
    });
    expect(res.body).not.toContain('0532013000');
    // Registered for the bank-file route as the form registers it: she is due in EUR once she has earnings.
    const { rows: recipient } = await t.db.$client.query(
      "SELECT r.provider_id FROM payout_recipients r JOIN bank_details b ON b.recipient_id = r.identifier JOIN users u ON u.identifier = r.provider_id WHERE u.email = $1 AND r.gateway = 'bank-file' AND r.currency_code = 'EUR' AND r.account_number = 'DE89370400440532013000' AND r.bank_code = 'COBADEFFXXX'",
      [demo.email],
    );
    expect(recipient).toHaveLength(1);
    await earn(recipient[0].provider_id, 4_200, 'EUR');
    expect(await dueFor(recipient[0].provider_id, 'EUR')).toEqual([
      { providerId: recipient[0].provider_id, accountName: 'Lena Hoffmann', amount: 4_200, currencyCode: 'EUR' },
    ]);
  });
});

describe('demo data seeded before the SEPA form', () => {
  it("the old seed's digits row is replaced by the SEPA details; details saved with the form are kept", async () => {
    const { seal } = fieldEncryptionFromConfig(t.config);
    const old = await providerIn('DE');
    await t.db.$client.query(
      "INSERT INTO bank_details (provider_id, form, country_code, currency_code, sealed, account_number_last4, bank_name, payout_route) VALUES ($1, 'standard', 'DE', 'EUR', $2, '3000', 'Commerzbank Köln', 'none')",
      [
        old.userId,
        seal(
          JSON.stringify({ accountName: 'Lena Hoffmann', bankCode: '37040044', accountNumber: '0532013000' }),
          `bank_details:${old.userId}`,
        ),
      ],
    );
    await insertDemoBankDetails(t.db, old.userId, seal);
    const upgraded = (await t.api('GET', '/provider/bank-details', old)).json().data.details;
    expect(upgraded).toMatchObject({ form: 'sepa', bankCode: 'COBADEFFXXX', payoutRoute: 'bank-file' });

    const mine = await providerIn('DE');
    expect((await put(mine, { ...sepa, iban: 'DE02 1203 0000 0000 2020 51', bic: 'BYLADEM1001' })).statusCode).toBe(
      200,
    );
    await insertDemoBankDetails(t.db, mine.userId, seal);
    const kept = (await t.api('GET', '/provider/bank-details', mine)).json().data.details;
    expect(kept).toMatchObject({ form: 'sepa', bankCode: 'BYLADEM1001', accountNumberLast4: '2051' });
  });
});

describe('with Paystack (the local stand-in of its published Transfers API)', () => {
  let paystack: FakePaystack;
  let app: TestApp;
  beforeAll(async () => {
    paystack = await startFakePaystack();
    app = await buildTestApp({
      PAYMENT_GATEWAY: 'paystack',
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_BASE_URL: paystack.url,
    });
  });
  afterAll(async () => {
    await app.close();
    await paystack.close();
  });
  const body = { form: 'standard', bankCode: '044', bankName: 'Access Bank', accountNumber: '0234567891' };
  const resolves = () => paystack.requests.filter((r) => r.path === '/bank/resolve').length;
  const recipientCalls = () => paystack.requests.filter((r) => r.path === '/transferrecipient').length;

  it("the bank's name in its own order matches; the recipient is made with the name the bank holds", async () => {
    paystack.transfers.addAccount('044', '0234567891', 'OBI ADAEZE CHIOMA');
    const p = await providerOf(app, 'NG');
    const res = await app.api('PUT', '/provider/bank-details', p, { ...body, accountName: 'Adaeze Obi' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.details).toMatchObject({
      payoutRoute: 'gateway',
      verifiedAccountName: 'OBI ADAEZE CHIOMA',
      bankName: 'Access Bank',
      accountNumberLast4: '7891',
    });
    expect(paystack.requests.filter((r) => r.path === '/transferrecipient').at(-1)!.body).toMatchObject({
      name: 'OBI ADAEZE CHIOMA',
      account_number: '0234567891',
      bank_code: '044',
    });
  });

  it('a mismatch asks the bank once and never creates a recipient at Paystack', async () => {
    paystack.transfers.addAccount('044', '0234567892', 'OKORO EMEKA');
    const p = await providerOf(app, 'NG');
    const [before, recipientsBefore] = [resolves(), recipientCalls()];
    const res = await app.api('PUT', '/provider/bank-details', p, {
      ...body,
      accountNumber: '0234567892',
      accountName: 'Adaeze Obi',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: en.bankAccountNameMismatch });
    expect(resolves()).toBe(before + 1);
    expect(recipientCalls()).toBe(recipientsBefore);
    expect(await app.count('bank_details', { provider_id: p.userId })).toBe(0);
    expect(await app.count('payout_recipients', { provider_id: p.userId })).toBe(0);
  });

  it('an account another provider registered is refused for the second one, nothing stored', async () => {
    const p = await providerOf(app, 'NG');
    const res = await app.api('PUT', '/provider/bank-details', p, { ...body, accountName: 'Adaeze Obi' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(en.bankAccountTaken);
    expect(await app.count('bank_details', { provider_id: p.userId })).toBe(0);
  });

  it('the account check outside gateway currencies is refused', async () => {
    const p = await providerOf(app, 'GB');
    const res = await app.api('POST', '/provider/bank-details/account-check', p, {
      bankCode: '044',
      accountNumber: '0234567891',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Payouts in GBP are not made through the gateway');
  });
});
