import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceNamesDe } from '@therapy/contracts/reference-names-de';
import { expectError, validation } from '../../../test/assertions.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { en } from '@therapy/contracts/messages';

/**
 * Issue 48 on the real PostgreSQL: the text search finds at least what each filter finds for its own name (English
 * and German), with stems and typos, ranked; fees in several currencies are filtered and sorted in the visitor's
 * currency at the configured rate (decision 0059), and the converted fee is shown beside the original.
 */
let t: TestApp;
type Item = { id: string; code: string; name: string; list: string };
let all: Item[];
const list = (name: string) => all.filter((i) => i.list === name);
const one = (name: string, code: string) => all.find((i) => i.list === name && i.code === code)!;
const idOf = async (sqlText: string, args: unknown[]) =>
  (await t.db.$client.query<{ id: string }>(sqlText, args)).rows[0]!.id;
const stateOf = (country: string, code: string) =>
  idOf(
    'SELECT s.identifier AS id FROM states s JOIN countries c ON c.identifier = s.country_id WHERE c.code = $1 AND s.code = $2',
    [country, code],
  );
const search = (query: string) => t.request({ method: 'GET', url: `/api/v1/therapists?${query}` });
const found = async (query: string) => {
  const res = await search(`state=WY&pageSize=50&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Array<{
    identifier: string;
    lastName: string;
    fee: { amount: number; currencyCode: string } | null;
    convertedFee: { amount: number; currencyCode: string } | null;
  }>;
};
const ids = async (query: string) => (await found(query)).map((e) => e.identifier).sort();

interface Practice {
  first: string;
  last: string;
  headline?: string;
  bio?: string;
  therapies: string[];
  specialities: string[];
  languages?: string[];
  fee: number;
  /** The provider's country: their fee is in its currency (US: USD, DE: EUR, GB: GBP). */
  country?: { code: string; state: string };
}
async function provider(p: Practice): Promise<SignedUp> {
  const who = await t.signUp('provider', {}, { verified: true });
  const country = p.country ?? { code: 'US', state: 'CA' };
  const setup = await t.api('POST', '/provider/setup', who, {
    firstName: p.first,
    lastName: p.last,
    phoneNumber: null,
    headline: p.headline ?? null,
    title: null,
    officeAddress: '1 Main Street, Springfield',
    bio: p.bio ?? null,
    zipCode: null,
    countryIdentifier: await idOf('SELECT identifier AS id FROM countries WHERE code = $1', [country.code]),
    stateIdentifier: await stateOf(country.code, country.state),
    dob: null,
    religionIdentifier: null,
    ethnicityIdentifier: await idOf(
      `SELECT identifier AS id FROM reference_items WHERE list = 'ethnicity' AND code = 'other'`,
      [],
    ),
    gender: 'female',
    disciplineIdentifier: null,
    therapies: p.therapies.map((c) => one('therapy-category', c).id),
    modalities: [one('modality', 'online').id],
    specialities: p.specialities.map((c) => one('speciality', c).id),
    languages: await Promise.all(
      (p.languages ?? ['en']).map((c) => idOf('SELECT identifier AS id FROM languages WHERE code = $1', [c])),
    ),
  });
  expect(setup.statusCode, setup.body).toBe(200);
  const licences = await t.api('POST', '/provider/license-states', who, {
    stateIdentifiers: [await stateOf('US', 'WY')],
  });
  expect(licences.statusCode, licences.body).toBe(200);
  const fee = await t.api('POST', '/provider/booking-fee/general', who, { fee: p.fee, isFree: false });
  expect(fee.statusCode, fee.body).toBe(200);
  await t.verifyProvider(who.userId);
  return who;
}

let hoffmann: SignedUp;
let reyes: SignedUp;
let okafor: SignedUp;
let moss: SignedUp;
beforeAll(async () => {
  t = await buildTestApp();
  all = (
    await t.db.$client.query<Item>(
      `SELECT identifier AS id, code, name, list::text AS list FROM reference_items
        WHERE list IN ('therapy-category', 'speciality', 'modality') ORDER BY list, sort_order`,
    )
  ).rows;
  const specialities = list('speciality').map((i) => i.code);
  const therapies = list('therapy-category').map((i) => i.code);
  // Eight practices spread over every speciality and therapy (each item held by one to three of them), with
  // headlines and bios that do not name them: only the items themselves can make the search find them.
  const spread = (codes: string[], k: number, n: number) => codes.filter((_, i) => i % n === k || (i * 3) % n === k);
  const practices: Practice[] = Array.from({ length: 8 }, (_, k) => ({
    first: ['Ada', 'Ben', 'Cleo', 'Dara', 'Eli', 'Fay', 'Gus', 'Hana'][k]!,
    last: ['Abbott', 'Brandt', 'Cole', 'Dunn', 'Ekdahl', 'Faber', 'Grant', 'Hale'][k]!,
    headline: 'Licensed therapist',
    bio: 'Sessions by video, evenings possible.',
    therapies: spread(therapies, k % therapies.length, therapies.length).slice(0, 2),
    specialities: spread(specialities, k, 8),
    fee: 7000 + k * 1000,
    languages: k % 2 === 0 ? ['en', 'es'] : ['en', 'de'],
  }));
  for (const p of practices) await provider(p);
  // The New York case: €60 between $53 and $94.
  hoffmann = await provider({
    first: 'Lena',
    last: 'Hoffmann',
    headline: 'Psychotherapeutin für Erwachsene',
    bio: 'Ich begleite Menschen mit Ängsten und depressiven Verstimmungen.',
    therapies: ['individual'],
    specialities: ['depression'],
    languages: ['de', 'en'],
    fee: 6000,
    country: { code: 'DE', state: 'BE' },
  });
  reyes = await provider({
    first: 'Maya',
    last: 'Reyes',
    headline: 'Helping people with anxiety find calm',
    bio: 'Anxious thoughts and worries are my focus.',
    therapies: ['individual'],
    specialities: ['stress-burnout'],
    fee: 5300,
  });
  okafor = await provider({
    first: 'Noah',
    last: 'Okafor',
    headline: 'Therapist',
    bio: 'I work with people living with anxiety.',
    therapies: ['individual'],
    specialities: ['anxiety'],
    fee: 9400,
  });
  moss = await provider({
    first: 'Owen',
    last: 'Moss',
    therapies: ['couples'],
    specialities: ['relationships'],
    fee: 8000,
    country: { code: 'GB', state: 'ENG' },
  });
}, 300_000);
afterAll(async () => t?.close());

describe('the text search (issue 48)', () => {
  it("finds at least what each speciality's and therapy's filter finds, by its English and German name", async () => {
    let checked = 0;
    for (const [listName, param] of [
      ['speciality', 'speciality'],
      ['therapy-category', 'therapy'],
    ] as const) {
      for (const item of list(listName)) {
        const byFilter = await ids(`${param}=${item.code}`);
        const german = referenceNamesDe[listName]?.[item.code];
        expect(german, `${listName} ${item.code} has a German name`).toBeTruthy();
        for (const label of [item.name, german!]) {
          const byText = await ids(`q=${encodeURIComponent(label)}`);
          expect(byText, `"${label}" finds every ${param}=${item.code}`).toEqual(expect.arrayContaining(byFilter));
          checked += byFilter.length;
        }
      }
    }
    // The spread gave every item at least one practice: the subsets were never empty.
    expect(checked).toBeGreaterThan(2 * (list('speciality').length + list('therapy-category').length));
  });

  it("finds what the language filter finds, by the language's English and German name", async () => {
    for (const [code, names] of [
      ['es', ['Spanish', 'Spanisch']],
      ['de', ['German', 'Deutsch']],
    ] as const) {
      const byFilter = await ids(`language=${code}`);
      expect(byFilter.length).toBeGreaterThan(0);
      for (const label of names) expect(await ids(`q=${label}`)).toEqual(expect.arrayContaining(byFilter));
    }
  });

  it('the issue\'s words: "addiction", "depression", "anxiety", "couples" find the filter\'s therapists', async () => {
    for (const [param, code, word] of [
      ['speciality', 'addiction', 'addiction'],
      ['speciality', 'depression', 'depression'],
      ['speciality', 'anxiety', 'anxiety'],
      ['therapy', 'couples', 'couples'],
      ['speciality', 'anxiety', 'Angst'],
      ['therapy', 'couples', 'Paartherapie'],
    ] as const) {
      const byFilter = await ids(`${param}=${code}`);
      expect(byFilter.length, `${param}=${code}`).toBeGreaterThan(0);
      expect(await ids(`q=${word}`), word).toEqual(expect.arrayContaining(byFilter));
    }
    expect(await ids('q=Angst')).toContain(okafor.userId);
  });

  it('stems words in English and German, and in a headline or bio', async () => {
    // "anxious" and "anxiety" are different words; "worried" stems to the bio's "worries".
    expect(await ids('q=worried')).toEqual([reyes.userId]);
    expect(await ids('q=depressed')).toEqual(expect.arrayContaining([hoffmann.userId]));
    // German: "Depressionen" (plural) finds the label "Depression"; "Psychotherapeutinnen" stems to the headline's.
    expect(await ids('q=Depressionen')).toEqual(expect.arrayContaining(await ids('speciality=depression')));
    expect(await ids('q=Erwachsener')).toContain(hoffmann.userId);
    // Every word counts: a word no one has leaves nothing.
    expect(await ids('q=anxiety%20xylophone')).toEqual([]);
  });

  it('tolerates typos: "depresion", "anxeity", "Paartherapy"', async () => {
    const depression = await ids('speciality=depression');
    expect(await ids('q=depresion')).toEqual(expect.arrayContaining(depression));
    expect(await ids('q=anxeity')).toEqual(expect.arrayContaining(await ids('speciality=anxiety')));
    expect(await ids('q=Paartherapy')).toEqual(expect.arrayContaining(await ids('therapy=couples')));
    // A misspelt word is not a wildcard: nothing near "zzqxj" is found.
    expect(await ids('q=zzqxj')).toEqual([]);
  });

  it('ranks best match first: a speciality and headline above a word in the bio', async () => {
    const ranked = (await found('q=anxiety')).map((e) => e.identifier);
    // Okafor holds the speciality (and the bio's word), Reyes has it in the headline, the rest only by the label.
    expect(ranked.indexOf(okafor.userId)).toBe(0);
    expect(ranked).toContain(reyes.userId);
    expect(ranked.indexOf(okafor.userId)).toBeLessThan(ranked.indexOf(reyes.userId));
  });
});

describe('prices in several currencies (issue 48, decision 0059)', () => {
  it("sorts by the price in the visitor's currency: €60 comes after $53 and before $94", async () => {
    const sorted = (await found('sort=price')).map((e) => e.identifier);
    const at = (id: string) => sorted.indexOf(id);
    // €60 at 0.92 per dollar is $65.22; £80 at 0.79 is $101.27.
    expect(at(reyes.userId)).toBeLessThan(at(hoffmann.userId));
    expect(at(hoffmann.userId)).toBeLessThan(at(okafor.userId));
    expect(at(okafor.userId)).toBeLessThan(at(moss.userId));
    const lena = (await found('q=Hoffmann'))[0]!;
    expect(lena.fee).toMatchObject({ amount: 6000, currencyCode: 'EUR' });
    expect(lena.convertedFee).toEqual({ amount: 6522, currencyCode: 'USD' });
    const noah = (await found('q=Okafor'))[0]!;
    expect(noah.convertedFee).toBeNull();
  });

  it("filters bounds in the visitor's currency", async () => {
    // $65.22 is above 65 and below 66; "from 100" keeps £80 ($101.27) and drops €60.
    expect(await ids('priceMin=6500&priceMax=6600')).toEqual([hoffmann.userId]);
    expect(await ids('priceMin=6600&priceMax=9000')).not.toContain(hoffmann.userId);
    const from100 = await ids('priceMin=10000');
    expect(from100).toContain(moss.userId);
    expect(from100).not.toContain(hoffmann.userId);
  });

  it('a visitor in euros sees every price in euros: sorted, filtered and converted', async () => {
    const res = await search('state=WY&pageSize=50&sort=price&currency=EUR');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Awaited<ReturnType<typeof found>>; meta: { currency: string } };
    expect(body.meta.currency).toBe('EUR');
    const inEuros = body.data.map((e) => (e.fee!.currencyCode === 'EUR' ? e.fee!.amount : e.convertedFee!.amount));
    expect(inEuros).toEqual([...inEuros].sort((a, b) => a - b));
    // $53 is €48.76; Lena's €60 is not converted.
    expect(body.data.find((e) => e.identifier === reyes.userId)!.convertedFee).toEqual({
      amount: 4876,
      currencyCode: 'EUR',
    });
    expect(body.data.find((e) => e.identifier === hoffmann.userId)!.convertedFee).toBeNull();
    expect(await ids('currency=EUR&priceMin=6000&priceMax=6000')).toEqual([hoffmann.userId]);
  });

  it('uses the newest rate on or before today, and refuses an unknown currency', async () => {
    await t.db.$client.query(
      `INSERT INTO exchange_rates (currency_code, rate_date, per_usd, source) VALUES ('EUR', current_date, 0.8, 'test'),
              ('EUR', current_date + 30, 0.5, 'test')`,
    );
    try {
      expect((await found('q=Hoffmann'))[0]!.convertedFee).toEqual({ amount: 7500, currencyCode: 'USD' });
    } finally {
      await t.db.$client.query(`DELETE FROM exchange_rates WHERE source = 'test'`);
    }
    expectError(await search('state=WY&currency=XYZ'), 400, validation(en.currencyUnsupported));
  });
});
