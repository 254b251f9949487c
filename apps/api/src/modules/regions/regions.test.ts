import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Country, Language, State } from '@therapy/contracts/regions';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { countryRows } from '../../db/seed/data/countries.ts';
import { languageRows, primaryLanguageCodes } from '../../db/seed/data/languages.ts';
import { referenceListRows } from '../../db/seed/data/reference-lists.ts';
import { stateRows } from '../../db/seed/data/states.ts';
import { seedReferenceData } from '../../db/seed/seed-reference.ts';
import { countryTimezones } from './regions.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const get = async <T>(url: string, headers: Record<string, string> = {}) => {
  const res = await t.request({ method: 'GET', url: `/api/v1${url}`, headers });
  return { res, body: res.json() as { data: T } };
};
const names = (items: { name: string }[]) => items.map((i) => i.name);
const sortedByName = (items: { name: string }[]) =>
  [...names(items)].sort(new Intl.Collator('en', { sensitivity: 'base' }).compare);

const expectValidationError = (res: Awaited<ReturnType<TestApp['request']>>) => {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({
    code: 'VALIDATION_ERROR',
    message: expect.any(String),
    requestId: expect.any(String),
  });
};
const expectNotFound = (res: Awaited<ReturnType<TestApp['request']>>) => {
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found', requestId: expect.any(String) });
};

describe('GET /region/country', () => {
  it('lists the operating countries (OPERATING_COUNTRIES, default NG, GB, US, DE) by name', async () => {
    const { res, body } = await get<Country[]>('/region/country');
    expect(res.statusCode).toBe(200);
    expect(body.data.map((c) => [c.code, c.name, c.currencyCode, c.isOperating])).toEqual([
      ['DE', 'Germany', 'EUR', true],
      ['NG', 'Nigeria', 'NGN', true],
      ['GB', 'United Kingdom', 'GBP', true],
      ['US', 'United States', 'USD', true],
    ]);
    expect(body.data[0]!.identifier).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives the same list for ?all=false', async () => {
    const { body } = await get<Country[]>('/region/country?all=false');
    expect(body.data.map((c) => c.code)).toEqual(['DE', 'NG', 'GB', 'US']);
  });

  it('lists every ISO 3166-1 country with ?all=true, by name, marking the operating ones', async () => {
    const { res, body } = await get<Country[]>('/region/country?all=true');
    expect(res.statusCode).toBe(200);
    expect(body.data).toHaveLength(249);
    expect(names(body.data)).toEqual(sortedByName(body.data));
    // English collation, not byte order: Åland sits among the A's.
    expect(names(body.data).slice(0, 3)).toEqual(['Afghanistan', 'Åland Islands', 'Albania']);
    expect(
      body.data
        .filter((c) => c.isOperating)
        .map((c) => c.code)
        .sort(),
    ).toEqual(['DE', 'GB', 'NG', 'US']);
    expect(body.data.find((c) => c.code === 'FR')).toMatchObject({
      name: 'France',
      currencyCode: 'EUR',
      isOperating: false,
    });
  });

  it('rejects a query value other than true or false', async () => {
    const { res } = await get('/region/country?all=maybe');
    expectValidationError(res);
  });

  it('rejects an unknown query parameter', async () => {
    const { res } = await get('/region/country?everything=true');
    expectValidationError(res);
  });

  it('follows OPERATING_COUNTRIES', async () => {
    const other = await buildTestApp({ OPERATING_COUNTRIES: 'fr,GB' });
    try {
      const res = await other.request({ method: 'GET', url: '/api/v1/region/country' });
      expect((res.json() as { data: Country[] }).data.map((c) => c.code)).toEqual(['FR', 'GB']);
      const all = await other.request({ method: 'GET', url: '/api/v1/region/country?all=true' });
      expect((all.json() as { data: Country[] }).data.filter((c) => c.isOperating).map((c) => c.code)).toEqual([
        'FR',
        'GB',
      ]);
    } finally {
      await other.close();
    }
  });
});

describe('GET /region/country/:id/states', () => {
  it.each([
    ['US', 51, { code: 'DC', name: 'District of Columbia' }],
    ['NG', 37, { code: 'FC', name: 'Federal Capital Territory' }],
    ['GB', 4, { code: 'SCT', name: 'Scotland' }],
    ['DE', 16, { code: 'BY', name: 'Bavaria' }],
  ])('lists the states of %s by name', async (code, count, sample) => {
    const { res, body } = await get<State[]>(`/region/country/${await t.countryId(code)}/states`);
    expect(res.statusCode).toBe(200);
    expect(body.data).toHaveLength(count);
    expect(names(body.data)).toEqual(sortedByName(body.data));
    expect(body.data).toContainEqual({ identifier: expect.stringMatching(/^[0-9a-f-]{36}$/), ...sample });
  });

  it('gives an empty list for a country without states', async () => {
    const { res, body } = await get<State[]>(`/region/country/${await t.countryId('FR')}/states`);
    expect(res.statusCode).toBe(200);
    expect(body.data).toEqual([]);
  });

  it('answers an unknown country id with 404', async () => {
    const { res } = await get('/region/country/0190a8f0-0000-7000-8000-000000000000/states');
    expectNotFound(res);
  });

  it('rejects an id that is not a UUID', async () => {
    const { res } = await get('/region/country/42/states');
    expectValidationError(res);
  });
});

describe('GET /region/country/code/:code/states', () => {
  it('finds the country by code, whatever its case', async () => {
    const upper = await get<State[]>('/region/country/code/US/states');
    const lower = await get<State[]>('/region/country/code/us/states');
    expect(upper.res.statusCode).toBe(200);
    expect(upper.body.data).toHaveLength(51);
    expect(lower.body.data).toEqual(upper.body.data);
    const byId = await get<State[]>(`/region/country/${await t.countryId('US')}/states`);
    expect(byId.body.data).toEqual(upper.body.data);
  });

  it('answers an unknown code with 404 and a malformed one with 400', async () => {
    expectNotFound((await get('/region/country/code/ZZ/states')).res);
    expectValidationError((await get('/region/country/code/USA/states')).res);
    expectValidationError((await get('/region/country/code/1A/states')).res);
  });
});

describe('GET /region/languages', () => {
  it('lists every ISO 639-1 language by name', async () => {
    const { res, body } = await get<Language[]>('/region/languages');
    expect(res.statusCode).toBe(200);
    expect(body.data).toHaveLength(languageRows.length);
    expect(names(body.data)).toEqual(sortedByName(body.data));
    expect(body.data.find((l) => l.code === 'yo')).toMatchObject({ name: 'Yoruba', isPrimary: true });
    expect(body.data.find((l) => l.code === 'nl')).toMatchObject({ name: 'Dutch', isPrimary: false });
    const all = await get<Language[]>('/region/languages?primary=false');
    expect(all.body.data).toEqual(body.data);
  });

  it('lists only the primary languages with ?primary=true', async () => {
    const { body } = await get<Language[]>('/region/languages?primary=true');
    expect(body.data.map((l) => l.code).sort()).toEqual([...primaryLanguageCodes].sort());
    expect(body.data.every((l) => l.isPrimary)).toBe(true);
    expect(names(body.data)).toEqual(sortedByName(body.data));
  });

  it('rejects a query value other than true or false', async () => {
    expectValidationError((await get('/region/languages?primary=yes')).res);
  });
});

describe('GET /region/user-timezone', () => {
  type Zones = { suggested: string; timezones: string[] };
  const supported = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

  it.each([
    ['US', 'America/New_York', 'America/Los_Angeles'],
    ['ng', 'Africa/Lagos', 'Africa/Lagos'],
    ['GB', 'Europe/London', 'Europe/London'],
    ['DE', 'Europe/Berlin', 'Europe/Berlin'],
  ])('suggests the main zone of the x-country header (%s)', async (code, suggested, member) => {
    const { res, body } = await get<Zones>('/region/user-timezone', { 'x-country': code });
    expect(res.statusCode).toBe(200);
    expect(body.data.suggested).toBe(suggested);
    expect(body.data.timezones[0]).toBe(suggested);
    expect(body.data.timezones).toContain(member);
    // Every zone offered is one that POST /user/timezone accepts.
    expect(body.data.timezones.every((z) => supported.has(z))).toBe(true);
  });

  it('falls back to the country cookie, then to UTC with every zone', async () => {
    const fromCookie = await get<Zones>('/region/user-timezone', { cookie: 'X-CountryCode=GB' });
    expect(fromCookie.body.data).toEqual({ suggested: 'Europe/London', timezones: ['Europe/London'] });
    for (const headers of [{}, { 'x-country': 'ZZ' }, { cookie: 'X-CountryCode=nonsense' }] as Record<
      string,
      string
    >[]) {
      const { res, body } = await get<Zones>('/region/user-timezone', headers);
      expect(res.statusCode).toBe(200);
      expect(body.data.suggested).toBe('UTC');
      expect(body.data.timezones[0]).toBe('UTC');
      expect(body.data.timezones).toContain('Europe/Berlin');
    }
  });

  it('rejects a malformed x-country header', async () => {
    expectValidationError((await get('/region/user-timezone', { 'x-country': 'USA' })).res);
  });

  it('leads multi-zone countries with their most populous zone', () => {
    expect(countryTimezones('AU')[0]).toBe('Australia/Sydney');
    expect(countryTimezones('CA')[0]).toBe('America/Toronto');
    expect(countryTimezones('RU')[0]).toBe('Europe/Moscow');
    expect(countryTimezones('BR')[0]).toBe('America/Sao_Paulo');
    expect(countryTimezones('BV')).toEqual([]);
  });
});

describe('seeded reference data', () => {
  const tables = ['countries', 'states', 'languages', 'reference_items'] as const;
  const itemCount = Object.values(referenceListRows).reduce((n, rows) => n + rows.length, 0);
  const snapshot = async () => {
    const out: Record<string, string[]> = {};
    for (const table of tables) {
      const res = await t.db.$client.query<{ row: string }>(
        `SELECT identifier || ':' || name AS row FROM ${table} ORDER BY identifier`,
      );
      out[table] = res.rows.map((r) => r.row);
    }
    return out;
  };

  it('holds every row of the data files', async () => {
    expect(await t.count('countries')).toBe(249);
    expect(await t.count('states')).toBe(108);
    expect(await t.count('languages')).toBe(183);
    expect(await t.count('reference_items')).toBe(itemCount);
  });

  it('is idempotent: seeding again keeps every identifier and writes nothing new', async () => {
    const before = await snapshot();
    await seedReferenceData(t.db);
    await seedReferenceData(t.db);
    expect(await snapshot()).toEqual(before);
  });

  it('restores a changed name in place, keeping the identifier', async () => {
    const id = await t.countryId('DE');
    await t.db.$client.query(`UPDATE countries SET name = 'Deutschland' WHERE code = 'DE'`);
    await seedReferenceData(t.db);
    const res = await t.db.$client.query<{ identifier: string; name: string }>(
      `SELECT identifier, name FROM countries WHERE code = 'DE'`,
    );
    expect(res.rows).toEqual([{ identifier: id, name: 'Germany' }]);
  });

  it('has well-formed data files', () => {
    const currencies = new Set(Intl.supportedValuesOf('currency'));
    expect(new Set(countryRows.map(([code]) => code)).size).toBe(countryRows.length);
    expect(countryRows.filter(([, , currency]) => !currencies.has(currency))).toEqual([]);
    expect(new Set(languageRows.map(([code]) => code)).size).toBe(languageRows.length);
    for (const [country, rows] of Object.entries(stateRows)) {
      expect(countryRows.some(([code]) => code === country)).toBe(true);
      expect(new Set(rows.map(([code]) => code)).size).toBe(rows.length);
    }
    for (const rows of Object.values(referenceListRows)) {
      expect(new Set(rows.map(([code]) => code)).size).toBe(rows.length);
      expect(rows.length).toBeGreaterThanOrEqual(2);
      expect(rows.length).toBeLessThanOrEqual(25);
    }
  });
});
