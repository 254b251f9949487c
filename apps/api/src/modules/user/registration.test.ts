import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectError, validation } from '../../../test/assertions.ts';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let ngId: string;
beforeAll(async () => {
  t = await buildTestApp();
  ngId = await t.countryId('NG');
});
afterAll(async () => t.close());

const PASSWORD = 'Gentle-River-42';
const freshEmail = (tag = 'reg') => `${tag}.${crypto.randomBytes(4).toString('hex')}@example.com`;

const client = (email = freshEmail('client')) => ({
  userType: 'client',
  firstName: 'Ada',
  lastName: 'Client',
  email,
  confirmEmail: email,
  countryIdentifier: ngId,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  acceptTerms: true,
});
const provider = (email = freshEmail('provider')) => ({
  userType: 'provider',
  firstName: 'Theo',
  lastName: 'Provider',
  email,
  phoneNumber: '08012345678',
  password: PASSWORD,
  confirmPassword: PASSWORD,
  acceptTerms: true,
});

let ipSeq = 0;
/** Each call from its own address unless one is given: this file signs up more people than one IP may in 15 minutes. */
const register = (
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
  remoteAddress = `10.77.${(ipSeq >> 8) & 255}.${ipSeq++ & 255}`,
) => t.request({ method: 'POST', url: '/api/v1/user/register', payload, headers, remoteAddress });
const registered = { message: 'Account created. Check your email to verify it' };

/** Everything a sign-up writes: users and the rows that hang off a new account. */
async function snapshot() {
  const q = async (sql: string) => (await t.db.$client.query(sql)).rows;
  return {
    users: await q('SELECT * FROM users ORDER BY identifier'),
    refresh: await q('SELECT identifier FROM refresh_tokens ORDER BY identifier'),
    actions: await q('SELECT identifier FROM action_tokens ORDER BY identifier'),
  };
}
let before: Awaited<ReturnType<typeof snapshot>>;
let mailsBefore: number;
beforeEach(async () => {
  before = await snapshot();
  await t.mailSettled();
  mailsBefore = t.mail.mails.length;
});
async function expectNothingStored() {
  expect(await snapshot()).toEqual(before);
  await t.mailSettled();
  expect(t.mail.mails.length).toBe(mailsBefore);
}

describe('registration: success', () => {
  it('creates a client without a session (sign-in comes next) and stores a hash, never the password', async () => {
    const email = freshEmail('Client.Mixed').toUpperCase();
    const res = await register({ ...client(`  ${email}  `), confirmEmail: email });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual(registered);
    expect(res.cookies.find((c) => c.name === 'refresh_token')).toBeUndefined();

    const { rows } = await t.db.$client.query('SELECT * FROM users WHERE email = $1', [email.toLowerCase()]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_type: 'client',
      first_name: 'Ada',
      last_name: 'Client',
      country_code: 'NG',
      locale: 'en',
      timezone: null,
    });
    expect(rows[0].email).toBe(email.toLowerCase());
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0].password_hash).not.toContain(PASSWORD);
    expect(rows[0].is_social).toBe(false);
    expect(rows[0].email_verified_at).toBeNull();
    expect(rows[0].deleted_at).toBeNull();
    expect(await t.count('refresh_tokens', { user_id: rows[0].identifier })).toBe(0);
    expect(await t.count('user_sessions', { user_id: rows[0].identifier })).toBe(0);

    const login = await t.request({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user).toMatchObject({
      email: email.toLowerCase(),
      userType: 'client',
      isSocial: false,
      emailVerified: false,
      accountActive: true,
      countryCode: 'NG',
      locale: 'en',
      timezone: null,
    });
  });

  it('creates a provider with a phone number; phone 10 and 13 digits are the limits that pass', async () => {
    for (const phoneNumber of ['0801234567', '2348012345678']) {
      const payload = provider();
      const res = await register({ ...payload, phoneNumber });
      expect(res.statusCode, res.body).toBe(201);
      const { rows } = await t.db.$client.query(
        'SELECT user_type, phone_number, country_code FROM users WHERE email = $1',
        [payload.email],
      );
      expect(rows[0]).toEqual({ user_type: 'provider', phone_number: phoneNumber, country_code: null });
    }
  });

  it('accepts a confirm email that differs only in case, hyphenated names with apostrophes, and passwords of 8 and 64 characters', async () => {
    const email = freshEmail('case');
    const res = await register({
      ...client(email),
      confirmEmail: email.toUpperCase(),
      firstName: 'Mary Ann',
      lastName: "O'Connor-Müller",
      password: 'Rivulet8',
      confirmPassword: 'Rivulet8',
    });
    expect(res.statusCode, res.body).toBe(201);
    const long = `Z${'x9'.repeat(31)}k`;
    expect(long).toHaveLength(64);
    const res2 = await register({ ...provider(), password: long, confirmPassword: long });
    expect(res2.statusCode, res2.body).toBe(201);
  });
});

describe('registration: names in any script', () => {
  it.each([
    ['Devanagari with vowel signs', 'प्रिया', 'शर्मा', 'प्रिया', 'शर्मा'],
    [
      'a decomposed José (e + U+0301), stored composed',
      'Jose\u0301',
      'Nu\u0301n\u0303ez',
      'Jos\u00e9',
      'N\u00fa\u00f1ez',
    ],
  ])('accepts %s', async (_name, firstName, lastName, storedFirst, storedLast) => {
    for (const payload of [client(), provider()]) {
      const res = await register({ ...payload, firstName, lastName });
      expect(res.statusCode, res.body).toBe(201);
      // Sign-up starts no session (decision 0010): the account is read from the database.
      const { rows } = await t.db.$client.query('SELECT first_name, last_name FROM users WHERE email = $1', [
        payload.email,
      ]);
      expect(rows.map((row) => [row.first_name, row.last_name])).toEqual([[storedFirst, storedLast]]);
    }
  });

  it.each([
    ['a right-to-left override', 'Ada\u202Eevil'],
    ['a zero-width space', 'Ada\u200B'],
    ['a control character', 'Ada\u0007'],
  ])('refuses %s with the name message', async (_name, firstName) => {
    expectError(
      await register({ ...client(), firstName }),
      400,
      validation('Name must start with a letter and contain only letters, spaces, hyphens, apostrophes or periods'),
    );
    await expectNothingStored();
  });
});

describe('registration: spec §5 rules, each with the exact message and nothing stored', () => {
  it.each([
    ['phone with 9 digits', { phoneNumber: '080123456' }, 'Number must be at least 10 digits'],
    ['phone with 14 digits', { phoneNumber: '08012345678901' }, 'Number must not exceed 13 digits'],
    ['phone missing', { phoneNumber: undefined }, 'Number must be at least 10 digits'],
    [
      'phone with a letter',
      { phoneNumber: '0801234567a' },
      'Number may contain only digits, spaces, a leading + and ( ) - . /',
    ],
    [
      'first name starting with a digit',
      { firstName: '1Theo' },
      'Name must start with a letter and contain only letters, spaces, hyphens, apostrophes or periods',
    ],
    [
      'last name with a digit',
      { lastName: 'B52' },
      'Name must start with a letter and contain only letters, spaces, hyphens, apostrophes or periods',
    ],
    [
      'last name of markup',
      { lastName: '<script>' },
      'Name must start with a letter and contain only letters, spaces, hyphens, apostrophes or periods',
    ],
    ['empty first name', { firstName: '' }, 'Name is required'],
    ['name of 33 letters', { firstName: 'A'.repeat(33) }, 'Name must not exceed 32 characters'],
    ['email missing', { email: undefined }, 'Email is required'],
    ['email empty', { email: '   ' }, 'Email is required'],
    ['email without @', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['email without domain', { email: 'someone@' }, 'Please enter a valid email address'],
    ['terms not accepted', { acceptTerms: false }, 'You must accept the terms and conditions'],
    ['terms missing', { acceptTerms: undefined }, 'You must accept the terms and conditions'],
    [
      'password of 7 characters',
      { password: 'abcdef1', confirmPassword: 'abcdef1' },
      'Password must be at least 8 characters',
    ],
    [
      'password of 65 characters',
      { password: 'a'.repeat(65), confirmPassword: 'a'.repeat(65) },
      'Password must not exceed 64 characters',
    ],
    [
      'password without a letter',
      { password: '1234567890123', confirmPassword: '1234567890123' },
      'Password must contain at least one letter',
    ],
    ['password missing', { password: undefined }, 'Password is required'],
    ['password empty', { password: '', confirmPassword: '' }, 'Password is required'],
    ['first name of spaces', { firstName: '   ' }, 'Name is required'],
    ['email of the wrong type', { email: 12345 }, 'Email is required'],
    ['terms as a string', { acceptTerms: 'true' }, 'You must accept the terms and conditions'],
    ['confirm password differs', { confirmPassword: 'Gentle-River-43' }, 'Passwords must match'],
  ])('provider: %s', async (_name, change, msg) => {
    const res = await register({ ...provider(), ...change });
    expectError(res, 400, validation(msg));
    await expectNothingStored();
  });

  it.each([
    ['confirm email differs', { confirmEmail: 'someone.else@example.com' }, 'Emails must match'],
    ['confirm email missing', { confirmEmail: undefined }, 'Emails must match'],
    ['country missing', { countryIdentifier: undefined }, 'Country  is required'],
    ['country empty', { countryIdentifier: '' }, 'Country  is required'],
    ['country not a uuid', { countryIdentifier: 'NG' }, 'Country  is required'],
    ['client phone too short', { phoneNumber: '12345' }, 'Number must be at least 10 digits'],
    ['confirm password differs', { confirmPassword: 'gentle-river-42' }, 'Passwords must match'],
  ])('client: %s', async (_name, change, msg) => {
    const res = await register({ ...client(), ...change });
    expectError(res, 400, validation(msg));
    await expectNothingStored();
  });

  it('client: an unknown country uuid is refused like a missing one', async () => {
    const res = await register({ ...client(), countryIdentifier: crypto.randomUUID() });
    expectError(res, 400, validation('Country  is required'));
    await expectNothingStored();
  });

  it.each(['password1', 'qwerty123', 'PASSWORD1', 'iloveyou'])('refuses the common password %s', async (pw) => {
    const res = await register({ ...client(), password: pw, confirmPassword: pw });
    expectError(res, 400, validation('This password is too common. Please choose another one'));
    await expectNothingStored();
  });
});

describe('registration: unknown fields are rejected, never stored', () => {
  it.each([
    ['isSocial', { isSocial: true }],
    ['identifier', { identifier: '0190f000-0000-7000-8000-000000000000' }],
    ['emailVerified', { emailVerified: true }],
    ['deletedAt', { deletedAt: null }],
  ])('%s', async (field, extra) => {
    const res = await register({ ...client(), ...extra });
    expectError(res, 400, validation(`Unknown field: ${field}`));
    await expectNothingStored();
  });

  it('userType operator', async () => {
    const res = await register({ ...client(), userType: 'operator' });
    expectError(res, 400, validation('This field is required: userType'));
    await expectNothingStored();
  });

  it('userType missing', async () => {
    const { userType: _u, ...rest } = client();
    const res = await register(rest);
    expectError(res, 400, validation('This field is required: userType'));
    await expectNothingStored();
  });

  it('a provider does not take client-only fields', async () => {
    const res = await register({ ...provider(), countryIdentifier: ngId });
    expectError(res, 400, validation('Unknown field: countryIdentifier'));
    await expectNothingStored();
  });
});

describe('registration: a taken email answers like a new one (decision 0010)', () => {
  it('201 with the same body and no session, whatever the case of the address; the owner gets a mail; one row', async () => {
    const email = freshEmail('dup');
    const first = await register(client(email));
    expect(first.statusCode).toBe(201);
    await t.mail.waitFor(email);
    const ownerMailsBefore = t.mail.mails.filter((m) => m.to.includes(email)).length;
    before = await snapshot();

    for (const payload of [client(email.toUpperCase()), provider(` ${email.replace('dup', 'DUP')} `)]) {
      const res = await register(payload);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual(first.json());
      expect(res.cookies.find((c) => c.name === 'refresh_token')).toBeUndefined();
    }
    expect(await snapshot()).toEqual(before);
    expect(await t.count('users', { email })).toBe(1);
    await t.mailSettled();
    const toOwner = t.mail.mails.filter((m) => m.to.includes(email)).slice(ownerMailsBefore);
    expect(toOwner.map((m) => m.subject)).toEqual([
      'Someone tried to sign up with your address',
      'Someone tried to sign up with your address',
    ]);
    expect(toOwner[0]!.text).toContain('http://localhost:5173/login');
    expect(toOwner[0]!.text).toContain('http://localhost:5173/forgot-password');
  });

  it("the mail to the owner is in the account's language", async () => {
    const email = freshEmail('dupde');
    expect((await register(client(email), { 'x-locale': 'de' })).statusCode).toBe(201);
    expect((await register(client(email))).statusCode).toBe(201);
    const mail = await t.mail.waitFor(email, (m) => m.subject.startsWith('Jemand'));
    expect(mail.subject).toBe('Jemand wollte sich mit deiner Adresse registrieren');
    expect(mail.text).toContain('Du hast bereits ein Konto');
  });
});

describe('registration: limits per address and per IP', () => {
  it('5 sign-ups per address in 15 minutes (which also caps the mails to its owner), from any IP', async () => {
    const email = freshEmail('cap');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await register(client(email))).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    t.clock.advance(16 * 60_000);
    expect((await register(client(email))).statusCode).toBe(201);
  });

  it('duplicates of one address do not block other sign-ups from the same IP', async () => {
    const ip = '10.78.0.1';
    const email = freshEmail('proxy');
    for (let i = 0; i < 5; i++) expect((await register(client(email), {}, ip)).statusCode).toBe(201);
    expect((await register(client(email), {}, ip)).statusCode).toBe(429);
    const other = await register(client(), {}, ip);
    expect(other.statusCode, other.body).toBe(201);
  });

  it('60 sign-up attempts per IP in 15 minutes, then 429 with Retry-After', async () => {
    const ip = '10.78.0.2';
    const common = { password: 'password123', confirmPassword: 'password123' };
    for (let i = 0; i < 60; i++) expect((await register({ ...client(), ...common }, {}, ip)).statusCode).toBe(400);
    const res = await register(client(), {}, ip);
    expectError(res, 429, {
      message: 'Too many attempts. Please wait a moment and try again',
      code: 'TOO_MANY_REQUESTS',
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await register(client(), {}, '10.78.0.3')).statusCode).toBe(201);
  });
});

describe('registration: German messages with x-locale: de', () => {
  it('a form rule', async () => {
    const res = await register({ ...provider(), phoneNumber: '123' }, { 'x-locale': 'de' });
    expectError(res, 400, validation('Die Nummer muss mindestens 10 Ziffern haben'));
    await expectNothingStored();
  });

  it('a rule checked by the server (unknown country) and the duplicate', async () => {
    const res = await register({ ...client(), countryIdentifier: crypto.randomUUID() }, { 'x-locale': 'de' });
    expectError(res, 400, validation('Land ist erforderlich'));
    const res2 = await register({ ...client(), confirmEmail: 'x@example.com' }, { 'x-locale': 'de' });
    expectError(res2, 400, validation('Die E-Mail-Adressen müssen übereinstimmen'));
    await expectNothingStored();
  });

  it('the account takes the request locale and the verification mail is German', async () => {
    const email = freshEmail('de');
    const res = await register(client(email), { 'x-locale': 'de' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Konto erstellt. Bitte bestätige deine E-Mail-Adresse' });
    expect(
      (
        await t.userRow(
          (await t.db.$client.query('SELECT identifier FROM users WHERE email = $1', [email])).rows[0].identifier,
        )
      ).locale,
    ).toBe('de');
    const mail = await t.mail.waitFor(email);
    expect(mail.subject).toBe('Bestätige deine E-Mail-Adresse');
  });
});
