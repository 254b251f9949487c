import crypto from 'node:crypto';
import sharp from 'sharp';
import type { TestApp } from './harness.ts';

/** Lookups and request builders shared by the client and provider profile tests. */
export function profileFixtures(t: TestApp) {
  const one = async (sql: string, params: unknown[]): Promise<string> => {
    const { rows } = await t.db.$client.query<{ identifier: string }>(sql, params);
    if (!rows[0]) throw new Error(`no row for ${sql} ${JSON.stringify(params)}`);
    return rows[0].identifier;
  };
  const refId = (list: string, code: string) =>
    one('SELECT identifier FROM reference_items WHERE list = $1 AND code = $2', [list, code]);
  const stateId = async (country: string, code: string) =>
    one(
      'SELECT s.identifier FROM states s JOIN countries c ON c.identifier = s.country_id WHERE c.code = $1 AND s.code = $2',
      [country, code],
    );
  return {
    refId,
    stateId,
    /** A complete, valid body for /provider/update/info and /provider/setup; `overrides` replace whole fields. */
    providerInfo: async (overrides: Record<string, unknown> = {}) => ({
      firstName: 'Theodora',
      lastName: 'Okafor-Smith',
      phoneNumber: '+1 212 555 0142',
      headline: 'Family Therapist (CBT)',
      title: 'Dr',
      officeAddress: '12 Main Street, Brooklyn',
      bio: 'I help families talk again.',
      zipCode: '11201',
      countryIdentifier: await t.countryId('US'),
      stateIdentifier: await stateId('US', 'NY'),
      dob: '1980-02-29',
      religionIdentifier: await refId('religion', 'christianity'),
      ethnicityIdentifier: await refId('ethnicity', 'white'),
      gender: 'female',
      disciplineIdentifier: await refId('discipline', 'psychologist'),
      therapies: [await refId('therapy-category', 'individual')],
      modalities: [await refId('modality', 'online')],
      specialities: [await refId('speciality', 'anxiety')],
      ...overrides,
    }),
    languageId: (code: string) => one('SELECT identifier FROM languages WHERE code = $1', [code]),
    avatars: async () =>
      (
        await t.db.$client.query<{ identifier: string; photo_url: string }>(
          'SELECT identifier, photo_url FROM avatars ORDER BY sort_order',
        )
      ).rows,
    /** Every row a profile write may touch, to show that a refused request changed nothing. */
    async snapshot(userId: string) {
      const q = async (sql: string) => (await t.db.$client.query(sql, [userId])).rows;
      return {
        user: await q(
          'SELECT first_name, last_name, phone_number, country_code, timezone FROM users WHERE identifier = $1',
        ),
        client: await q('SELECT * FROM client_profiles WHERE user_id = $1'),
        provider: await q('SELECT * FROM provider_profiles WHERE user_id = $1'),
        providerItems: await q(
          'SELECT list, item_id FROM provider_profile_items WHERE user_id = $1 ORDER BY list, item_id',
        ),
        emergency: await q('SELECT * FROM emergency_contacts WHERE user_id = $1'),
        prefs: await q('SELECT list, item_id FROM client_preference_items WHERE user_id = $1 ORDER BY list, item_id'),
        prefLanguages: await q(
          'SELECT language_id FROM client_preference_languages WHERE user_id = $1 ORDER BY language_id',
        ),
        prefCountries: await q(
          'SELECT country_id FROM client_preference_countries WHERE user_id = $1 ORDER BY country_id',
        ),
        files: await q('SELECT identifier, deleted_at FROM files WHERE owner_user_id = $1 ORDER BY identifier'),
      };
    },
  };
}

/** A real PNG of the given size. */
export const png = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 3, background: { r: 90, g: 140, b: 200 } } })
    .png()
    .toBuffer();

/** A multipart/form-data body built by hand: one file part named `field`. */
export function multipart(data: Buffer, opts: { field?: string; filename?: string; contentType?: string } = {}) {
  const boundary = `----test${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.filename ?? 'picture.png'}"\r\n` +
      `Content-Type: ${opts.contentType ?? 'image/png'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A multipart body with only a text field (no file part). */
export function multipartWithoutFile() {
  const boundary = `----test${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
  );
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
