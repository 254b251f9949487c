import { sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';

/**
 * Realistic providers made in SQL (issue 16): names from common first and last names, a headline and a bio from a
 * therapist's usual phrases, 1-3 therapies, 1-2 modalities, 2-4 specialities, 1-3 US licence states (of `states`
 * when given), a USD fee of $50-$250, a share of them verified, reviewed ones only as totals (`reviewStats`: the
 * bench's; the demo has none, since its therapist pages list the reviews themselves). Every row comes from
 * `generate_series` in the caller's transaction, reproducibly (`setseed`). The accounts cannot sign in (no password;
 * the check allows that only for social accounts, so they are marked so). The directory's read model is the
 * caller's to rebuild.
 */
const FIRST = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'James',
  'Isabella',
  'William',
  'Mia',
  'Benjamin',
  'Amelia',
  'Lucas',
  'Harper',
  'Henry',
  'Evelyn',
  'Theodore',
  'Abigail',
  'Jack',
  'Emily',
  'Levi',
  'Ella',
  'Alexander',
  'Elizabeth',
  'Jackson',
  'Camila',
  'Mateo',
  'Luna',
  'Daniel',
  'Sofia',
  'Michael',
  'Avery',
  'Mason',
  'Mila',
  'Sebastian',
  'Aria',
  'Ethan',
  'Scarlett',
  'Logan',
  'Penelope',
  'Owen',
  'Layla',
  'Samuel',
  'Chloe',
  'Jacob',
  'Victoria',
  'Asher',
  'Madison',
  'Aiden',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
];
const HEADLINES = [
  'Licensed Therapist',
  'Clinical Psychologist',
  'Marriage and Family Therapist',
  'Licensed Counselor',
  'Clinical Social Worker',
  'Trauma Specialist',
];
const BIO_OPENINGS = [
  'I help adults who feel stuck',
  'I work with couples and families',
  'I support teenagers and young adults',
  'I help people through grief and loss',
  'I work with anxiety, panic and worry',
  'I help clients recover from trauma',
];
const BIO_METHODS = [
  'using cognitive behavioural therapy',
  'with mindfulness and acceptance',
  'through EMDR and body-based work',
  'with a warm, practical approach',
  'drawing on psychodynamic therapy',
  'with solution-focused sessions',
];
const BIO_CLOSINGS = [
  'so they can live with more ease.',
  'to build calmer, closer relationships.',
  'at a pace that feels safe.',
  'and find words for what hurts.',
  'toward lasting change.',
  'one step at a time.',
];

const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

export interface DirectoryProviderOptions {
  /** Their e-mail addresses: `<prefix>.<n>.<id>@seed.example.com`. */
  emailPrefix: string;
  /** US state codes to license them in (all states when omitted). */
  states?: string[];
  verifiedShare: number;
  reviewStats: boolean;
  /** For `setseed`, between -1 and 1. */
  seed: number;
}

export async function insertDirectoryProviders(
  tx: Executor,
  count: number,
  opts: DirectoryProviderOptions,
): Promise<void> {
  // One text parameter (drizzle would spread an array into several).
  const states = opts.states ? opts.states.join(',') : null;
  await tx.execute(sql`SELECT setseed(${opts.seed})`);
  await tx.execute(sql`
    CREATE TEMP TABLE seed_providers ON COMMIT DROP AS
    SELECT gen_random_uuid() AS id, n,
           (${textArray(FIRST)})[1 + (n % ${FIRST.length})] AS first_name,
           (${textArray(LAST)})[1 + ((n * 7 + n / ${FIRST.length}) % ${LAST.length})] AS last_name,
           (${textArray(HEADLINES)})[1 + (n % ${HEADLINES.length})] AS headline,
           (${textArray(BIO_OPENINGS)})[1 + floor(random() * ${BIO_OPENINGS.length})::int] || ' ' ||
           (${textArray(BIO_METHODS)})[1 + floor(random() * ${BIO_METHODS.length})::int] || ' ' ||
           (${textArray(BIO_CLOSINGS)})[1 + floor(random() * ${BIO_CLOSINGS.length})::int] AS bio
      FROM generate_series(1, ${count}) AS n`);
  await tx.execute(sql`
    INSERT INTO users (identifier, email, user_type, first_name, last_name, country_code, is_social, email_verified_at)
    SELECT id, ${opts.emailPrefix} || '.' || n || '.' || substr(id::text, 1, 8) || '@seed.example.com', 'provider', first_name, last_name, 'US', true, now() FROM seed_providers`);
  await tx.execute(sql`
    INSERT INTO provider_profiles (user_id, headline, bio, gender, religion_id, ethnicity_id, office_address, setup_completed_at)
    SELECT s.id, s.headline, s.bio,
           (SELECT code FROM reference_items WHERE list = 'gender' ORDER BY random() + s.n * 0 LIMIT 1),
           (SELECT identifier FROM reference_items WHERE list = 'religion' ORDER BY random() + s.n * 0 LIMIT 1),
           (SELECT identifier FROM reference_items WHERE list = 'ethnicity' ORDER BY random() + s.n * 0 LIMIT 1),
           s.n || ' Main Street', now()
      FROM seed_providers s`);
  for (const [list, most] of [
    ['therapy-category', 3],
    ['modality', 2],
    ['speciality', 4],
  ] as const) {
    await tx.execute(sql`
      INSERT INTO provider_profile_items (user_id, list, item_id)
      SELECT s.id, ${list}, pick.identifier FROM seed_providers s
        CROSS JOIN LATERAL (SELECT identifier FROM reference_items WHERE list = ${list} ORDER BY random() + s.n * 0 LIMIT 1 + floor(random() * ${most})::int) pick
      ON CONFLICT DO NOTHING`);
  }
  await tx.execute(sql`
    INSERT INTO provider_license_states (provider_id, state_id)
    SELECT s.id, pick.identifier FROM seed_providers s
      CROSS JOIN LATERAL (SELECT st.identifier FROM states st JOIN countries c ON c.identifier = st.country_id
                           WHERE c.code = 'US' AND (${states}::text IS NULL OR st.code = ANY(string_to_array(${states}::text, ',')))
                           ORDER BY random() + s.n * 0 LIMIT 1 + floor(random() * 3)::int) pick
    ON CONFLICT DO NOTHING`);
  // English for everyone; about two in five also work in one of the country's other common languages.
  await tx.execute(sql`
    INSERT INTO provider_languages (user_id, language_id)
    SELECT s.id, l.identifier FROM seed_providers s JOIN languages l ON l.code = 'en'
    UNION
    SELECT s.id, pick.identifier FROM seed_providers s
      CROSS JOIN LATERAL (SELECT identifier FROM languages WHERE code IN ('es', 'zh', 'fr', 'de', 'ar', 'pt', 'ru', 'hi') ORDER BY random() + s.n * 0 LIMIT 1) pick
     WHERE random() < 0.4
    ON CONFLICT DO NOTHING`);
  await tx.execute(sql`
    INSERT INTO provider_booking_fees (identifier, provider_id, therapy_category_id, fee, is_free, currency_code)
    SELECT gen_random_uuid(), id, NULL, (5000 + floor(random() * 201) * 100)::bigint, false, 'USD' FROM seed_providers`);
  await tx.execute(sql`
    INSERT INTO provider_verifications (provider_id, status, submitted_at, decided_at)
    SELECT id, 'approved', now(), now() FROM seed_providers WHERE random() < ${opts.verifiedShare}`);
  // What an approval settles (issue 45): each claimed state with an approved licence issued for it, and approved
  // insurance. The fillers' documents are records only (no stored bytes): they exist to be listed, not reviewed.
  await tx.execute(sql`
    UPDATE provider_license_states l SET review = 'approved', reviewed_at = now()
      FROM seed_providers s JOIN provider_verifications v ON v.provider_id = s.id AND v.status = 'approved'
     WHERE l.provider_id = s.id`);
  await tx.execute(sql`
    INSERT INTO qualifications (identifier, provider_id, kind, body, credential_number, state_id, expires_on, review, reviewed_at)
    SELECT gen_random_uuid(), l.provider_id, 'license', st.name || ' Board of Behavioral Sciences',
           st.code || '-' || (100000 + floor(random() * 900000)::int), l.state_id,
           (now() + interval '400 days')::date, 'approved', now()
      FROM provider_license_states l JOIN seed_providers s ON s.id = l.provider_id JOIN states st ON st.identifier = l.state_id`);
  await tx.execute(sql`
    CREATE TEMP TABLE seed_insurance ON COMMIT DROP AS
    SELECT gen_random_uuid() AS file_id, id AS provider_id FROM seed_providers`);
  await tx.execute(sql`
    INSERT INTO files (identifier, owner_user_id, purpose, storage_key, content_type, size_bytes, sha256, original_name)
    SELECT file_id, provider_id, 'insurance', 'seed-directory/' || file_id || '.pdf', 'application/pdf', 1, repeat('0', 64), 'indemnity-insurance.pdf'
      FROM seed_insurance`);
  await tx.execute(sql`
    INSERT INTO insurance_files (file_id, provider_id, expires_on, review, reviewed_at)
    SELECT file_id, provider_id, (now() + interval '300 days')::date, 'approved', now() FROM seed_insurance`);
  if (opts.reviewStats) {
    await tx.execute(sql`
      INSERT INTO provider_review_stats (provider_id, half_stars_sum, review_count)
      SELECT id, reviews * (6 + floor(random() * 5)::int), reviews FROM (SELECT id, floor(random() * 40)::int AS reviews FROM seed_providers) r WHERE reviews > 0`);
  }
}
