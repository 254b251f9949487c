import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientPreferences, ClientProfile } from '@therapy/contracts/profile';
import { clientProfileInput } from '@therapy/contracts/profile';
import { expectError, validation } from '../../../test/assertions.ts';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { sealClearHealthText } from '../../clear-text-backfill.ts';
import { fieldEncryptionFromConfig } from '../../platform/field-encryption.ts';
import { multipart, multipartWithoutFile, png, profileFixtures } from '../../../test/profile-test-helpers.ts';

let t: TestApp;
let fx: ReturnType<typeof profileFixtures>;
beforeAll(async () => {
  t = await buildTestApp();
  fx = profileFixtures(t);
});
afterAll(async () => t.close());

const api: TestApp['api'] = (...args) => t.api(...args);

/** A complete, valid PUT /client body for a US client. */
const validProfile = async (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Grace',
  lastName: 'Hopper-Smith',
  userName: `grace_${Math.random().toString(36).slice(2, 10)}`,
  countryIdentifier: await t.countryId('US'),
  stateIdentifier: await fx.stateId('US', 'CA'),
  zipCode: '94105',
  dob: '1990-05-17',
  religionIdentifier: await fx.refId('religion', 'christianity'),
  ethnicityIdentifier: await fx.refId('ethnicity', 'white'),
  gender: 'female',
  timezone: 'America/Los_Angeles',
  ...overrides,
});

describe('GET /client', () => {
  it('gives the profile made at sign-up: names, country and a username from sign-up', async () => {
    const c = await t.signUp('client');
    // Sign-up makes the profile with a username (issue 11: Personal details requires one, sign-up never asked).
    expect(await t.count('client_profiles', { user_id: c.userId })).toBe(1);
    const res = await api('GET', '/client', c);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      identifier: c.userId,
      firstName: 'Ada',
      lastName: 'Client',
      userName: expect.stringMatching(/^ada_client\d*$/),
      email: c.email,
      photoUrl: null,
      avatarIdentifier: null,
      countryIdentifier: await t.countryId('NG'),
      stateIdentifier: null,
      zipCode: null,
      dob: null,
      religionIdentifier: null,
      ethnicityIdentifier: null,
      gender: null,
      timezone: null,
      phoneNumber: null,
    });
    expect(await t.count('client_profiles', { user_id: c.userId })).toBe(1);
  });

  it('gives two clients of the same name different valid usernames, unique whatever the case', async () => {
    const first = await t.signUp('client', { firstName: 'Zoë', lastName: 'Same' });
    const second = await t.signUp('client', { firstName: 'ZOË', lastName: 'same' });
    const a = (await api('GET', '/client', first)).json().data.userName as string;
    const b = (await api('GET', '/client', second)).json().data.userName as string;
    expect(a).toBe('zoë_same');
    expect(b).toBe('zoë_same2');
    for (const name of [a, b]) expect(clientProfileInput.shape.userName.safeParse(name).success).toBe(true);
    // The suggestion is the client's to change, like any username.
    const res = await api('PUT', '/client', first, await validProfile({ userName: 'zoe_s' }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await api('GET', '/client', first)).json().data.userName).toBe('zoe_s');
  });

  it('needs a client token: none → 401, a provider → 403', async () => {
    expectError(await api('GET', '/client', undefined), 401, {
      message: 'Please sign in to continue',
      code: 'UNAUTHORIZED_ACCESS',
    });
    const p = await t.signUp('provider');
    expectError(await api('GET', '/client', p), 403, { message: 'You are not allowed to do this', code: 'FORBIDDEN' });
    expectError(await api('PUT', '/client', p, await validProfile()), 403, {
      message: 'You are not allowed to do this',
      code: 'FORBIDDEN',
    });
    expectError(await api('GET', '/client/preferences', p), 403, {
      message: 'You are not allowed to do this',
      code: 'FORBIDDEN',
    });
    expect(await t.count('client_profiles', { user_id: p.userId })).toBe(0);
  });
});

describe('PUT /client', () => {
  it('saves the profile: names, country and time zone on the user, the rest on the profile, in one go', async () => {
    const c = await t.signUp('client');
    const body = await validProfile();
    const res = await api('PUT', '/client', c, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Data saved successfully');
    const data = res.json().data as ClientProfile;
    expect(data).toEqual({
      identifier: c.userId,
      email: c.email,
      photoUrl: null,
      avatarIdentifier: null,
      phoneNumber: null,
      ...body,
    });
    const user = await t.userRow(c.userId);
    expect([user.first_name, user.last_name, user.country_code, user.timezone]).toEqual([
      'Grace',
      'Hopper-Smith',
      'US',
      'America/Los_Angeles',
    ]);
    expect((await api('GET', '/client', c)).json().data).toEqual(data);
  });

  it('accepts empty (null) names and optional fields', async () => {
    const c = await t.signUp('client');
    const body = await validProfile({
      firstName: null,
      lastName: null,
      countryIdentifier: null,
      stateIdentifier: null,
      zipCode: null,
      dob: null,
      religionIdentifier: null,
      ethnicityIdentifier: null,
      gender: null,
      timezone: null,
    });
    const res = await api('PUT', '/client', c, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      firstName: null,
      lastName: null,
      countryIdentifier: null,
      userName: body.userName,
    });
  });

  it('accepts names with combining marks and stores them composed (NFC)', async () => {
    const c = await t.signUp('client');
    const res = await api(
      'PUT',
      '/client',
      c,
      await validProfile({ firstName: 'प्रिया', lastName: 'Jose\u0301-Nu\u0301n\u0303ez' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ firstName: 'प्रिया', lastName: 'Jos\u00e9-N\u00fa\u00f1ez' });
    const user = await t.userRow(c.userId);
    expect([user.first_name, user.last_name]).toEqual(['प्रिया', 'Jos\u00e9-N\u00fa\u00f1ez']);
  });

  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['phone of 9 digits', { phoneNumber: '080123456' }, 'Number must be at least 10 digits'],
    ['phone of 14 digits', { phoneNumber: '08012345678901' }, 'Number must not exceed 13 digits'],
    [
      'phone with letters',
      { phoneNumber: '0801234567a' },
      'Number may contain only digits, spaces, a leading + and ( ) - . /',
    ],
    [
      'phone of no Nigerian number',
      { phoneNumber: '0000000000' },
      'Enter a valid phone number (with the country code, e.g. +49 170 5551234)',
    ],
    ['first name of spaces', { firstName: '   ' }, 'Name is required'],
    [
      'first name with a digit',
      { firstName: 'J0hn' },
      'Name must start with a letter and contain only letters, spaces, hyphens, apostrophes or periods',
    ],
    ['last name of 33 letters', { lastName: 'a'.repeat(33) }, 'Name must not exceed 32 characters'],
    [
      'last name of markup',
      { lastName: '<script>' },
      'Name must start with a letter and contain only letters, spaces, hyphens, apostrophes or periods',
    ],
    [
      'first name with a right-to-left override',
      { firstName: 'Gra\u202Ece' },
      'Name must start with a letter and contain only letters, spaces, hyphens, apostrophes or periods',
    ],
    [
      'last name with a zero-width space',
      { lastName: 'Hop\u200Bper' },
      'Name must start with a letter and contain only letters, spaces, hyphens, apostrophes or periods',
    ],
    ['userName missing', { userName: undefined }, 'Username is required'],
    ['userName empty', { userName: '' }, 'Username is required'],
    ['userName null', { userName: null }, 'Username is required'],
    ['userName too short', { userName: 'ab' }, 'Username must be 3 to 32 letters, digits, _, - or @'],
    ['userName of 33', { userName: 'a'.repeat(33) }, 'Username must be 3 to 32 letters, digits, _, - or @'],
    ['userName with a space', { userName: 'bad name' }, 'Username must be 3 to 32 letters, digits, _, - or @'],
    ['zipCode of 4', { zipCode: '1234' }, 'Zip code must be 5 to 10 letters or digits'],
    ['zipCode of 11', { zipCode: '12345678901' }, 'Zip code must be 5 to 10 letters or digits'],
    ['zipCode with a dash', { zipCode: '12345-678' }, 'Zip code must be 5 to 10 letters or digits'],
    ['religion not a uuid', { religionIdentifier: 'christianity' }, 'Choose an option from the list'],
    ['gender not a code', { gender: 'Female!' }, 'Choose an option from the list'],
    ['unknown time zone', { timezone: 'Mars/Olympus' }, 'Choose a valid time zone'],
    ['server-owned identifier', { identifier: '0190a0b0-0000-7000-8000-000000000000' }, 'Unknown field: identifier'],
    ['server-owned email', { email: 'x@example.com' }, 'Unknown field: email'],
    ['server-owned userType', { userType: 'provider' }, 'Unknown field: userType'],
    ['server-owned isSocial', { isSocial: true }, 'Unknown field: isSocial'],
    ['server-owned photoUrl', { photoUrl: '/avatars/avatar-01.svg' }, 'Unknown field: photoUrl'],
  ];
  it.each(bad)('refuses %s with the spec message and stores nothing', async (_name, change, msg) => {
    const c = await t.signUp('client');
    await api('GET', '/client', c);
    const before = await fx.snapshot(c.userId);
    const res = await api('PUT', '/client', c, await validProfile(change));
    expectError(res, 400, validation(msg));
    expect(await fx.snapshot(c.userId)).toEqual(before);
  });

  it('phoneNumber: saved on the user row and shown; absent leaves it; null clears it', async () => {
    const c = await t.signUp('client', { phoneNumber: '07000000000' });
    expect((await api('GET', '/client', c)).json().data.phoneNumber).toBe('+2347000000000');
    // National input is read in the profile's country (the US) and stored as E.164 (decision 0057).
    const saved = await api('PUT', '/client', c, await validProfile({ phoneNumber: ' (212) 555-0142 ' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.phoneNumber).toBe('+12125550142');
    expect((await t.userRow(c.userId)).phone_number).toBe('+12125550142');
    expect((await api('PUT', '/client', c, await validProfile())).json().data.phoneNumber).toBe('+12125550142');
    expect(
      (await api('PUT', '/client', c, await validProfile({ phoneNumber: null }))).json().data.phoneNumber,
    ).toBeNull();
    expect((await t.userRow(c.userId)).phone_number).toBeNull();
  });

  it('refuses identifiers from the wrong list, a state of another country and an unknown country', async () => {
    const c = await t.signUp('client');
    await api('GET', '/client', c);
    const before = await fx.snapshot(c.userId);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ religionIdentifier: await fx.refId('ethnicity', 'white') }, 'Choose an option from the list'],
      [{ ethnicityIdentifier: await fx.refId('religion', 'christianity') }, 'Choose an option from the list'],
      [{ gender: 'robot' }, 'Choose an option from the list'],
      [{ gender: 'christianity' }, 'Choose an option from the list'],
      [{ countryIdentifier: '0190a0b0-0000-7000-8000-000000000000' }, 'Choose an option from the list'],
      [{ stateIdentifier: await fx.stateId('NG', 'LA') }, 'Choose a state of the selected country'],
      [{ countryIdentifier: null }, 'Choose a state of the selected country'],
      [{ stateIdentifier: '0190a0b0-0000-7000-8000-000000000000' }, 'Choose a state of the selected country'],
    ];
    for (const [change, msg] of cases) {
      expectError(await api('PUT', '/client', c, await validProfile(change)), 400, validation(msg));
    }
    expect(await fx.snapshot(c.userId)).toEqual(before);
  });

  it('refuses a userName another client has, whatever its case (409), and keeps both profiles', async () => {
    const a = await t.signUp('client');
    const b = await t.signUp('client');
    expect((await api('PUT', '/client', a, await validProfile({ userName: 'Mind_Garden' }))).statusCode).toBe(200);
    await api('GET', '/client', b);
    const before = await fx.snapshot(b.userId);
    const res = await api('PUT', '/client', b, await validProfile({ userName: 'mind_GARDEN', firstName: 'Changed' }));
    expectError(res, 409, { message: 'This username is already taken', code: 'CONFLICT' });
    expect(await fx.snapshot(b.userId)).toEqual(before);
    // The owner may save again with their own name.
    expect((await api('PUT', '/client', a, await validProfile({ userName: 'MIND_garden' }))).statusCode).toBe(200);
  });
});

describe('GET /client/profile/:id', () => {
  it("gives the caller's own profile; anyone else's id is not found, garbage is refused as not found", async () => {
    const a = await t.signUp('client');
    const b = await t.signUp('client');
    const own = await api('GET', `/client/profile/${a.userId}`, a);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.identifier).toBe(a.userId);
    const notFound = { message: 'Not found', code: 'NOT_FOUND' };
    expectError(await api('GET', `/client/profile/${b.userId}`, a), 404, notFound);
    expectError(await api('GET', '/client/profile/0190a0b0-0000-7000-8000-000000000000', a), 404, notFound);
    // A malformed id, as on every id route: 400 with the "Not found" message, before any query.
    expectError(await api('GET', '/client/profile/not-an-id', a), 400, validation('Not found'));
  });

  it('a provider asking for a malformed id gets the same 400, never a 500 from the database', async () => {
    const p = await t.signUp('provider');
    for (const id of ['abc', 'not-an-id', '0190a0b0-0000-7000-8000-00000000000z'])
      expectError(await api('GET', `/client/profile/${id}`, p), 400, validation('Not found'));
    // A well-formed id of nobody of theirs: 404.
    expectError(await api('GET', '/client/profile/0190a0b0-0000-7000-8000-000000000000', p), 404, {
      message: 'Not found',
      code: 'NOT_FOUND',
    });
  });
});

describe('emergency contact', () => {
  it('is null until saved, then saved once and replaced on the next save', async () => {
    const c = await t.signUp('client');
    const empty = await api('GET', '/client/emergency-contact', c);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ data: null });
    const first = await api('POST', '/client/emergency-contact', c, {
      name: 'Mary Jane-Doe',
      phoneNumber: '08012345678',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      data: { identifier: expect.any(String), name: 'Mary Jane-Doe', phoneNumber: '+2348012345678' },
      message: 'Data saved successfully',
    });
    const second = await api('POST', '/client/emergency-contact', c, {
      name: "Seán O'Brien",
      phoneNumber: '+353 85 123 4567',
    });
    expect(second.json().data).toEqual({
      identifier: first.json().data.identifier,
      name: "Seán O'Brien",
      phoneNumber: '+353851234567',
    });
    expect(await t.count('emergency_contacts', { user_id: c.userId })).toBe(1);
    expect((await api('GET', '/client/emergency-contact', c)).json().data).toEqual(second.json().data);
  });

  it('is sealed at rest, bound to the client: no clear name or number in the table', async () => {
    const c = await t.signUp('client');
    const contact = { name: 'Rosalind Emergencia', phoneNumber: '+2348077665544' };
    expect((await api('POST', '/client/emergency-contact', c, contact)).statusCode).toBe(200);
    const holding = async (needle: string) =>
      Number(
        (
          await t.db.$client.query(`SELECT count(*)::int AS n FROM emergency_contacts x WHERE x::text ILIKE $1`, [
            `%${needle}%`,
          ])
        ).rows[0].n,
      );
    expect(await holding(contact.name)).toBe(0);
    expect(await holding(contact.phoneNumber)).toBe(0);
    const [row] = (
      await t.db.$client.query(
        'SELECT name, phone_number, name_sealed, phone_number_sealed FROM emergency_contacts WHERE user_id = $1',
        [c.userId],
      )
    ).rows;
    expect(row).toMatchObject({ name: null, phone_number: null });
    const crypt = fieldEncryptionFromConfig(t.config);
    expect(crypt.open(row.name_sealed, `emergency-contact:${c.userId}:name`)).toBe(contact.name);
    expect(crypt.open(row.phone_number_sealed, `emergency-contact:${c.userId}:phone-number`)).toBe(contact.phoneNumber);
    expect((await api('GET', '/client/emergency-contact', c)).json().data).toMatchObject(contact);
  });

  it('kept in clear before is sealed by the start-up backfill, and reads the same', async () => {
    const c = await t.signUp('client');
    await t.db.$client.query(
      `INSERT INTO emergency_contacts (identifier, user_id, name, phone_number) VALUES (gen_random_uuid(), $1, 'Legacy Contact', '0801234000')`,
      [c.userId],
    );
    const report = await sealClearHealthText(t.db, t.config);
    expect(report.sealed.emergency_contacts).toBe(1);
    const [row] = (
      await t.db.$client.query(
        `SELECT name, phone_number, x::text ILIKE '%Legacy Contact%' AS clear FROM emergency_contacts x WHERE user_id = $1`,
        [c.userId],
      )
    ).rows;
    expect(row).toEqual({ name: null, phone_number: null, clear: false });
    expect((await api('GET', '/client/emergency-contact', c)).json().data).toMatchObject({
      name: 'Legacy Contact',
      phoneNumber: '0801234000',
    });
    expect((await sealClearHealthText(t.db, t.config)).sealed.emergency_contacts).toBe(0);
  });

  it('accepts a name with combining marks, stored composed (NFC)', async () => {
    const c = await t.signUp('client');
    const res = await api('POST', '/client/emergency-contact', c, {
      name: 'प्रिया Jose\u0301',
      phoneNumber: '08012345678',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.name).toBe('प्रिया Jos\u00e9');
  });

  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['name of spaces', { name: '  ' }, 'Name is required'],
    ['name of 33', { name: 'a'.repeat(33) }, 'Name must not exceed 32 characters'],
    [
      'name with digits',
      { name: 'Mary 2' },
      'Name must start with a letter and contain only letters, spaces, hyphens, apostrophes or periods',
    ],
    ['name missing', { name: undefined }, 'Name is required'],
    [
      'name with a right-to-left override',
      { name: 'Mary\u202E Jane' },
      'Name must start with a letter and contain only letters, spaces, hyphens, apostrophes or periods',
    ],
    [
      'name with a zero-width joiner',
      { name: 'Mary\u200DJane' },
      'Name must start with a letter and contain only letters, spaces, hyphens, apostrophes or periods',
    ],
    ['contact of 9 digits', { phoneNumber: '080123456' }, 'Number must be at least 10 digits'],
    ['contact of 14 digits', { phoneNumber: '1'.repeat(14) }, 'Number must not exceed 13 digits'],
    [
      'contact with letters',
      { phoneNumber: 'call me' },
      'Number may contain only digits, spaces, a leading + and ( ) - . /',
    ],
    ['server-owned identifier', { identifier: '0190a0b0-0000-7000-8000-000000000000' }, 'Unknown field: identifier'],
  ];
  it.each(bad)('refuses %s and stores nothing', async (_name, change, msg) => {
    const c = await t.signUp('client');
    const res = await api('POST', '/client/emergency-contact', c, {
      name: 'Mary Jane',
      phoneNumber: '08012345678',
      ...change,
    });
    expectError(res, 400, validation(msg));
    expect(await t.count('emergency_contacts', { user_id: c.userId })).toBe(0);
  });
});

describe('preferences', () => {
  it('gives all twelve lists, empty at first', async () => {
    const c = await t.signUp('client');
    const res = await api('GET', '/client/preferences', c);
    expect(res.statusCode).toBe(200);
    const keys = [
      'modality',
      'gender',
      'therapy',
      'ageGroup',
      'language',
      'therapyApproach',
      'religion',
      'background',
      'trait',
      'specialities',
      'country',
      'communication',
    ];
    expect(res.json().data).toEqual(Object.fromEntries(keys.map((k) => [k, []])));
  });

  it('round-trips: a key present replaces its list, absent keys stay', async () => {
    const c = await t.signUp('client');
    const ids = {
      modality: [await fx.refId('modality', 'online')],
      gender: [await fx.refId('gender', 'female'), await fx.refId('gender', 'non-binary')],
      therapy: [await fx.refId('therapy-category', 'individual')],
      specialities: [await fx.refId('speciality', 'anxiety')],
      religion: [await fx.refId('religion', 'christianity')],
      language: [await fx.languageId('en'), await fx.languageId('de')],
      country: [await t.countryId('NG'), await t.countryId('GB')],
    };
    const res = await api('PUT', '/client/preferences', c, ids);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Data saved successfully');
    const sorted = (o: Record<string, string[]>) =>
      Object.fromEntries(Object.entries(o).map(([k, v]) => [k, [...v].sort()]));
    const expected = {
      ageGroup: [],
      therapyApproach: [],
      background: [],
      trait: [],
      communication: [],
      ...sorted(ids),
    };
    expect(res.json().data).toEqual(expected);
    expect((await api('GET', '/client/preferences', c)).json().data).toEqual(expected);

    // Only gender and language change; the rest stays.
    const next = await api('PUT', '/client/preferences', c, { gender: [], language: [await fx.languageId('fr')] });
    expect(next.statusCode, next.body).toBe(200);
    const after = next.json().data as ClientPreferences;
    expect(after).toEqual({ ...expected, gender: [], language: [await fx.languageId('fr')] });
  });

  it('refuses an identifier of the wrong list, an unknown key or a repeated id, and changes nothing', async () => {
    const c = await t.signUp('client');
    await api('PUT', '/client/preferences', c, { modality: [await fx.refId('modality', 'online')] });
    const before = await fx.snapshot(c.userId);
    const speciality = await fx.refId('speciality', 'anxiety');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ modality: [speciality] }, 'Choose an option from the list'],
      [{ modality: [], therapy: [await fx.refId('modality', 'online')] }, 'Choose an option from the list'],
      [{ gender: [await fx.refId('religion', 'christianity')] }, 'Choose an option from the list'],
      [{ language: [await t.countryId('US')] }, 'Choose an option from the list'],
      [{ country: [await fx.languageId('en')] }, 'Choose an option from the list'],
      [{ specialities: [speciality, speciality] }, 'Choose an option from the list'],
      [{ specialities: ['anxiety'] }, 'Choose an option from the list'],
      [{ colours: [] }, 'Unknown field: colours'],
    ];
    for (const [body, msg] of cases)
      expectError(await api('PUT', '/client/preferences', c, body), 400, validation(msg));
    expect(await fx.snapshot(c.userId)).toEqual(before);
  });
});

describe('avatars and pictures', () => {
  it('lists the avatars in order and lets a client choose one', async () => {
    const c = await t.signUp('client');
    const seeded = await fx.avatars();
    const list = await api('GET', '/client/avatars', c);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual(seeded.map((a) => ({ identifier: a.identifier, photoUrl: a.photo_url })));
    const pick = seeded[2]!;
    const res = await api('POST', `/client/avatar/${pick.identifier}`, c);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { photoUrl: pick.photo_url }, message: 'Image Changed Successfully' });
    expect((await api('GET', '/client', c)).json().data).toMatchObject({
      avatarIdentifier: pick.identifier,
      photoUrl: pick.photo_url,
    });
  });

  it('refuses an unknown avatar with "please select an Avatar"', async () => {
    const c = await t.signUp('client');
    await api('GET', '/client', c);
    const before = await fx.snapshot(c.userId);
    expectError(
      await api('POST', '/client/avatar/0190a0b0-0000-7000-8000-000000000000', c),
      400,
      validation('please select an Avatar'),
    );
    expectError(await api('POST', '/client/avatar/not-an-id', c), 400, validation('please select an Avatar'));
    expect(await fx.snapshot(c.userId)).toEqual(before);
  });

  it('uploads, replaces and deletes a picture; an avatar replaces an upload', async () => {
    const c = await t.signUp('client');
    const upload = async (size: number) => {
      const body = multipart(await png(size));
      return t.request({
        method: 'POST',
        url: '/api/v1/client/profile-picture',
        headers: { ...c.auth, ...body.headers },
        payload: body.payload,
      });
    };
    const first = await upload(400);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Image Changed Successfully');
    const url = first.json().data.photoUrl as string;
    expect(url).toMatch(/^\/api\/v1\/files\/[0-9a-f-]{36}\?expires=\d+&signature=/);
    const image = await t.request({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/(webp|jpeg)/);
    const firstFile = url.split('/files/')[1]!.split('?')[0]!;
    expect((await api('GET', '/client', c)).json().data).toMatchObject({
      avatarIdentifier: null,
      photoUrl: expect.stringContaining(firstFile),
    });

    // Replacing: the old file is soft-deleted, the new one is live.
    const second = await upload(300);
    expect(second.statusCode, second.body).toBe(200);
    const secondFile = (second.json().data.photoUrl as string).split('/files/')[1]!.split('?')[0]!;
    const fileRow = async (id: string) =>
      (await t.db.$client.query('SELECT deleted_at FROM files WHERE identifier = $1', [id])).rows[0] as {
        deleted_at: Date | null;
      };
    expect((await fileRow(firstFile)).deleted_at).not.toBeNull();
    expect((await fileRow(secondFile)).deleted_at).toBeNull();
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(404);

    // An avatar replaces the upload and removes its file.
    const avatar = (await fx.avatars())[0]!;
    expect((await api('POST', `/client/avatar/${avatar.identifier}`, c)).statusCode).toBe(200);
    expect((await fileRow(secondFile)).deleted_at).not.toBeNull();

    // Uploading again clears the avatar; deleting clears everything.
    const third = await upload(400);
    const thirdFile = (third.json().data.photoUrl as string).split('/files/')[1]!.split('?')[0]!;
    expect((await api('GET', '/client', c)).json().data.avatarIdentifier).toBeNull();
    const del = await api('DELETE', '/client/profile-picture', c);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ data: { photoUrl: null }, message: 'Image Deleted Successfully' });
    expect((await fileRow(thirdFile)).deleted_at).not.toBeNull();
    expect((await api('GET', '/client', c)).json().data).toMatchObject({ photoUrl: null, avatarIdentifier: null });
  });

  it('refuses a picture under 200x200, a non-image and a missing file, and stores nothing', async () => {
    const c = await t.signUp('client');
    await api('GET', '/client', c);
    const before = await fx.snapshot(c.userId);
    const send = (body: { payload: Buffer; headers: Record<string, string> }) =>
      t.request({
        method: 'POST',
        url: '/api/v1/client/profile-picture',
        headers: { ...c.auth, ...body.headers },
        payload: body.payload,
      });
    expectError(
      await send(multipart(await png(150))),
      400,
      validation('Image dimensions should be at least 200x200 pixels.'),
    );
    expectError(
      await send(multipart(Buffer.from('not an image at all'), { filename: 'x.png' })),
      400,
      validation('Please upload a valid image file.'),
    );
    expectError(await send(multipartWithoutFile()), 400, validation('Please choose a file'));
    // Not multipart at all: the same field message, not a transport error.
    expectError(
      await send({ payload: Buffer.from('{}'), headers: { 'content-type': 'application/json' } }),
      400,
      validation('Please choose a file'),
    );
    expect(await fx.snapshot(c.userId)).toEqual(before);
    expect(await t.count('files', { owner_user_id: c.userId })).toBe(0);
  });
});
