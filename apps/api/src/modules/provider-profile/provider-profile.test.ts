import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderProfile } from '@therapy/contracts/profile';
import { expectError, validation } from '../../../test/assertions.ts';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { multipart, png, profileFixtures } from '../../../test/profile-test-helpers.ts';

let t: TestApp;
let fx: ReturnType<typeof profileFixtures>;
beforeAll(async () => {
  t = await buildTestApp();
  fx = profileFixtures(t);
});
afterAll(async () => t.close());

const api: TestApp['api'] = (...args) => t.api(...args);

/** A complete, valid body for both /provider/update/info and /provider/setup (offering both modalities). */
const languageId = async (code: string) =>
  (await t.db.$client.query<{ id: string }>('SELECT identifier AS id FROM languages WHERE code = $1', [code])).rows[0]!
    .id;
const validInfo = async (overrides: Record<string, unknown> = {}) =>
  fx.providerInfo({
    modalities: [await fx.refId('modality', 'online'), await fx.refId('modality', 'in-person')],
    languages: [await languageId('en')],
    ...overrides,
  });
const sorted = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Array.isArray(v) ? [...(v as string[])].sort() : v]));

const forbidden = { message: 'You are not allowed to do this', code: 'FORBIDDEN' };

describe('GET /provider', () => {
  it('gives the profile, made on first read, with the names and phone from sign-up', async () => {
    const p = await t.signUp('provider');
    const res = await api('GET', '/provider', p);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      identifier: p.userId,
      email: p.email,
      firstName: 'Theo',
      lastName: 'Provider',
      phoneNumber: '08012345678',
      headline: null,
      therapies: [],
      modalities: [],
      specialities: [],
      photoUrl: null,
      setupComplete: false,
    });
    expect(await t.count('provider_profiles', { user_id: p.userId })).toBe(1);
  });

  it('is for providers only: a client gets 403 on every provider route, and nothing is stored', async () => {
    const c = await t.signUp('client');
    expectError(await api('GET', '/provider', c), 403, forbidden);
    expectError(await api('POST', '/provider/update/info', c, await validInfo()), 403, forbidden);
    expectError(await api('POST', '/provider/setup', c, await validInfo()), 403, forbidden);
    const body = multipart(await png(400));
    expectError(
      await t.request({
        method: 'POST',
        url: '/api/v1/provider/update/photo',
        headers: { ...c.auth, ...body.headers },
        payload: body.payload,
      }),
      403,
      forbidden,
    );
    expect(await t.count('provider_profiles', { user_id: c.userId })).toBe(0);
    expect(await t.count('files', { owner_user_id: c.userId })).toBe(0);
    expectError(await api('GET', '/provider', undefined), 401, {
      message: 'Please sign in to continue',
      code: 'UNAUTHORIZED_ACCESS',
    });
  });
});

describe('POST /provider/update/info', () => {
  it('saves user fields, profile and lists in one go; the set-up flag stays as it was', async () => {
    const p = await t.signUp('provider');
    const body = await validInfo();
    const res = await api('POST', '/provider/update/info', p, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Data saved successfully');
    const data = res.json().data as ProviderProfile;
    expect(sorted(data)).toEqual(
      sorted({
        ...body,
        phoneNumber: '+12125550142',
        identifier: p.userId,
        email: p.email,
        photoUrl: null,
        setupComplete: false,
      }),
    );
    const user = await t.userRow(p.userId);
    expect([user.first_name, user.last_name, user.phone_number, user.country_code]).toEqual([
      'Theodora',
      'Okafor-Smith',
      '+12125550142',
      'US',
    ]);
    expect(await t.count('provider_profile_items', { user_id: p.userId })).toBe(4);
    expect((await api('GET', '/provider', p)).json().data).toEqual(data);

    // Lists are replaced, not added to; optional fields may be emptied.
    const next = await api(
      'POST',
      '/provider/update/info',
      p,
      await validInfo({
        modalities: [],
        therapies: [],
        headline: null,
        title: null,
        officeAddress: null,
        bio: null,
        phoneNumber: null,
      }),
    );
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().data).toMatchObject({
      modalities: [],
      therapies: [],
      specialities: body.specialities,
      headline: null,
      phoneNumber: null,
    });
    expect(await t.count('provider_profile_items', { user_id: p.userId })).toBe(1);
  });

  it('the languages: saved as a set, kept when the form leaves them out, emptied by an empty list; unknown ones refused', async () => {
    const p = await t.signUp('provider');
    const [en, es] = [await languageId('en'), await languageId('es')];
    expect(
      (await api('POST', '/provider/update/info', p, await validInfo({ languages: [es, en] })))
        .json()
        .data.languages.sort(),
    ).toEqual([en, es].sort());
    const { languages: _omitted, ...withoutLanguages } = (await validInfo()) as Record<string, unknown>;
    expect((await api('POST', '/provider/update/info', p, withoutLanguages)).json().data.languages.sort()).toEqual(
      [en, es].sort(),
    );
    expectError(
      await api(
        'POST',
        '/provider/update/info',
        p,
        await validInfo({ languages: ['0190a0b0-0000-7000-8000-000000000000'] }),
      ),
      400,
      validation('Choose an option from the list'),
    );
    expectError(
      await api('POST', '/provider/update/info', p, await validInfo({ languages: [en, en] })),
      400,
      validation('Choose an option from the list'),
    );
    expect((await api('GET', '/provider', p)).json().data.languages.sort()).toEqual([en, es].sort());
    expect(
      (await api('POST', '/provider/update/info', p, await validInfo({ languages: [] }))).json().data.languages,
    ).toEqual([]);
  });

  it('accepts names with marks, apostrophes and initials, stored composed (NFC)', async () => {
    const p = await t.signUp('provider');
    const res = await api(
      'POST',
      '/provider/update/info',
      p,
      await validInfo({ firstName: 'J. प्रिया', lastName: "O'Nu\u0301n\u0303ez" }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const user = await t.userRow(p.userId);
    expect([user.first_name, user.last_name]).toEqual(['J. प्रिया', "O'N\u00fa\u00f1ez"]);
  });

  it('accepts a bio of exactly 2000 characters', async () => {
    const p = await t.signUp('provider');
    const res = await api('POST', '/provider/update/info', p, await validInfo({ bio: 'a'.repeat(2000) }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.bio).toHaveLength(2000);
  });

  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['first name of spaces', { firstName: '  ' }, 'Name is required'],
    ['first name missing', { firstName: undefined }, 'Name is required'],
    ['last name of 33', { lastName: 'a'.repeat(33) }, 'Name must not exceed 32 characters'],
    ['last name null', { lastName: null }, 'Name is required'],
    [
      'last name with a digit',
      { lastName: 'Okafor2' },
      'Name must start with a letter and contain only letters, spaces, hyphens, apostrophes or periods',
    ],
    [
      'first name with a right-to-left override',
      { firstName: 'Theo\u202Edora' },
      'Name must start with a letter and contain only letters, spaces, hyphens, apostrophes or periods',
    ],
    [
      'last name with a zero-width space',
      { lastName: 'Okafor\u200B' },
      'Name must start with a letter and contain only letters, spaces, hyphens, apostrophes or periods',
    ],
    [
      'last name with a control character',
      { lastName: 'Oka\u0007for' },
      'Name must start with a letter and contain only letters, spaces, hyphens, apostrophes or periods',
    ],
    [
      'first name starting with a digit',
      { firstName: '2Theo' },
      'Name must start with a letter and contain only letters, spaces, hyphens, apostrophes or periods',
    ],
    ['headline of 2', { headline: 'ab' }, 'Headline must be 3 to 80 letters, digits, spaces or punctuation'],
    ['headline of 81', { headline: 'a'.repeat(81) }, 'Headline must be 3 to 80 letters, digits, spaces or punctuation'],
    [
      'headline with markup',
      { headline: '<b>Therapist</b>' },
      'Headline must be 3 to 80 letters, digits, spaces or punctuation',
    ],
    [
      'phone of no US number',
      { phoneNumber: '0801234567' },
      'Enter a valid phone number (with the country code, e.g. +49 170 5551234)',
    ],
    ['title of 1', { title: 'D' }, 'Title must be 2 to 32 letters'],
    ['title with a dot', { title: 'Dr.' }, 'Title must be 2 to 32 letters'],
    ['title of 33', { title: 'a'.repeat(33) }, 'Title must be 2 to 32 letters'],
    ['office address of 2', { officeAddress: 'ab' }, 'Office address must be at least 3 characters'],
    ['bio of 2001', { bio: 'a'.repeat(2001) }, 'Bio must not exceed 2000 characters'],
    ['zipCode of 4', { zipCode: '1234' }, 'Zip code must be 5 to 10 letters or digits'],
    ['phone of 9 digits', { phoneNumber: '080123456' }, 'Number must be at least 10 digits'],
    ['country missing', { countryIdentifier: null }, 'Country  is required'],
    ['state missing', { stateIdentifier: null }, 'State is required'],
    ['ethnicity missing', { ethnicityIdentifier: null }, 'Ethnicity is required'],
    ['gender missing', { gender: null }, 'Gender is required'],
    ['gender empty', { gender: '' }, 'Gender is required'],
    ['server-owned email', { email: 'x@example.com' }, 'Unknown field: email'],
    ['server-owned identifier', { identifier: '0190a0b0-0000-7000-8000-000000000000' }, 'Unknown field: identifier'],
    ['server-owned userType', { userType: 'client' }, 'Unknown field: userType'],
    ['server-owned isSocial', { isSocial: true }, 'Unknown field: isSocial'],
    ['server-owned photoUrl', { photoUrl: '/avatars/avatar-01.svg' }, 'Unknown field: photoUrl'],
    ['server-owned setupComplete', { setupComplete: true }, 'Unknown field: setupComplete'],
  ];
  it.each(bad)('refuses %s with the spec message and stores nothing', async (_name, change, msg) => {
    const p = await t.signUp('provider');
    await api('GET', '/provider', p);
    const before = await fx.snapshot(p.userId);
    expectError(await api('POST', '/provider/update/info', p, await validInfo(change)), 400, validation(msg));
    expect(await fx.snapshot(p.userId)).toEqual(before);
  });

  it('refuses identifiers of the wrong list and a state of another country, and stores nothing', async () => {
    const p = await t.signUp('provider');
    await api('POST', '/provider/update/info', p, await validInfo());
    const before = await fx.snapshot(p.userId);
    const modality = await fx.refId('modality', 'online');
    const therapy = await fx.refId('therapy-category', 'individual');
    const religion = await fx.refId('religion', 'christianity');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ therapies: [modality] }, 'Choose an option from the list'],
      [{ modalities: [therapy] }, 'Choose an option from the list'],
      [{ specialities: [therapy] }, 'Choose an option from the list'],
      [{ disciplineIdentifier: religion }, 'Choose an option from the list'],
      [{ religionIdentifier: await fx.refId('ethnicity', 'white') }, 'Choose an option from the list'],
      [{ ethnicityIdentifier: religion }, 'Choose an option from the list'],
      [{ gender: 'robot' }, 'Choose an option from the list'],
      [{ countryIdentifier: '0190a0b0-0000-7000-8000-000000000000' }, 'Choose an option from the list'],
      [{ stateIdentifier: await fx.stateId('NG', 'LA') }, 'Choose a state of the selected country'],
      [{ specialities: ['0190a0b0-0000-7000-8000-000000000000'] }, 'Choose an option from the list'],
    ];
    for (const [change, msg] of cases)
      expectError(await api('POST', '/provider/update/info', p, await validInfo(change)), 400, validation(msg));
    expect(await fx.snapshot(p.userId)).toEqual(before);
  });
});

describe('POST /provider/setup', () => {
  it('saves the profile and marks the set-up complete; a later info update keeps it complete', async () => {
    const p = await t.signUp('provider');
    const res = await api('POST', '/provider/setup', p, await validInfo());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: { setupComplete: true, officeAddress: '12 Main Street, Brooklyn' },
      message: 'Data saved successfully',
    });
    const info = await api('POST', '/provider/update/info', p, await validInfo({ bio: 'Changed' }));
    expect(info.json().data).toMatchObject({ setupComplete: true, bio: 'Changed' });
  });

  const bad: Array<[string, Record<string, unknown>, string]> = [
    [
      'office address of 4',
      { officeAddress: '12 a' },
      'Office address must be at least 5 characters and contain a letter',
    ],
    [
      'office address without a letter',
      { officeAddress: '12345 67' },
      'Office address must be at least 5 characters and contain a letter',
    ],
    [
      'office address missing',
      { officeAddress: null },
      'Office address must be at least 5 characters and contain a letter',
    ],
    ['no therapy', { therapies: [] }, 'Select at least one therapy'],
    ['no modality', { modalities: [] }, 'Select at least one modality'],
    ['no speciality', { specialities: [] }, 'Select at least one speciality'],
    ['first name of 33', { firstName: 'a'.repeat(33) }, 'Name must not exceed 32 characters'],
    ['bio of 2001', { bio: 'a'.repeat(2001) }, 'Bio must not exceed 2000 characters'],
    ['state missing', { stateIdentifier: undefined }, 'State is required'],
    ['server-owned setupComplete', { setupComplete: true }, 'Unknown field: setupComplete'],
  ];
  it.each(bad)('refuses %s with the spec message and stores nothing', async (_name, change, msg) => {
    const p = await t.signUp('provider');
    await api('GET', '/provider', p);
    const before = await fx.snapshot(p.userId);
    expectError(await api('POST', '/provider/setup', p, await validInfo(change)), 400, validation(msg));
    expect(await fx.snapshot(p.userId)).toEqual(before);
  });
});

describe('POST /provider/update/photo', () => {
  it('uploads and replaces the photo; the replaced file is soft-deleted; a small image is refused', async () => {
    const p = await t.signUp('provider');
    const upload = async (size: number) => {
      const body = multipart(await png(size));
      return t.request({
        method: 'POST',
        url: '/api/v1/provider/update/photo',
        headers: { ...p.auth, ...body.headers },
        payload: body.payload,
      });
    };
    const fileOf = (url: string) => url.split('/files/')[1]!.split('?')[0]!;
    const first = await upload(400);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Image Changed Successfully');
    const url = first.json().data.photoUrl as string;
    const image = await t.request({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/(webp|jpeg)/);
    expect((await api('GET', '/provider', p)).json().data.photoUrl).toContain(fileOf(url));

    const second = await upload(250);
    expect(second.statusCode, second.body).toBe(200);
    const deleted = async (id: string) =>
      (
        (await t.db.$client.query('SELECT deleted_at FROM files WHERE identifier = $1', [id])).rows[0] as {
          deleted_at: Date | null;
        }
      ).deleted_at;
    expect(await deleted(fileOf(url))).not.toBeNull();
    expect(await deleted(fileOf(second.json().data.photoUrl as string))).toBeNull();

    const before = await fx.snapshot(p.userId);
    const small = multipart(await png(150));
    expectError(
      await t.request({
        method: 'POST',
        url: '/api/v1/provider/update/photo',
        headers: { ...p.auth, ...small.headers },
        payload: small.payload,
      }),
      400,
      validation('Image dimensions should be at least 200x200 pixels.'),
    );
    expect(await fx.snapshot(p.userId)).toEqual(before);
  });
});

describe('a foreign key that refuses a list item', () => {
  // The mapping of the database error is tested beside the checks (reference/profile-checks.test.ts).
  it('is what the database does for a provider item outside its list (the composite key)', async () => {
    const p = await t.signUp('provider');
    const religion = await fx.refId('religion', 'christianity');
    await expect(
      t.db.$client.query("INSERT INTO provider_profile_items (user_id, list, item_id) VALUES ($1, 'speciality', $2)", [
        p.userId,
        religion,
      ]),
    ).rejects.toMatchObject({ code: '23503' });
  });
});
