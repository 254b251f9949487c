import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../client.ts';
import { demoAvatar } from './demo-avatar.ts';
import type { StoreFile } from './demo-credentials.ts';
import { demoTherapists, type DemoTherapist } from './demo-therapists.ts';

const DOMAIN = 'seed.example.com';
/** The demo therapists' addresses: `demo-therapist.<n>@seed.example.com` (stable, so the seed is idempotent). */
export const demoTherapistEmail = (n: number) => `demo-therapist.${n}@${DOMAIN}`;

/**
 * Thirty verified demo therapists for the directory (issues 16 and 48), in five states, each written out in
 * demo-therapists.ts: consistent names, genders, headlines, bios, therapies and specialities; weekly hours in their
 * own state's zone (a New York therapist's first free time is in New York's morning, not 4 AM); a generated picture
 * stored as their profile picture (when the seed has the file storage). They cannot sign in. Their reviews come from
 * sessions, made after the app starts (demo-reviews.ts). Once: a database that has them is left alone; the random
 * demo therapists of earlier versions (`demo-therapist.<n>.<id>@...`) that nobody booked are replaced.
 */
export async function seedDemoDirectory(db: Database, storeFile?: StoreFile): Promise<void> {
  const existing = await db.execute(sql`SELECT 1 FROM users WHERE email = ${demoTherapistEmail(1)} LIMIT 1`);
  if (existing.rows.length > 0) return;
  const therapists = demoTherapists();
  const ids = await db.transaction(async (tx) => {
    await removeEarlierDemoTherapists(tx);
    return insertDemoTherapists(tx, therapists);
  });
  if (storeFile) {
    for (const therapist of therapists) await storeDemoPicture(db, storeFile, ids.get(therapist.n)!, therapist);
  }
}

/** The random demo therapists of earlier versions, unless someone booked them (then they stay as they are). */
async function removeEarlierDemoTherapists(tx: Executor): Promise<void> {
  await tx.execute(sql`
    DELETE FROM users u
     WHERE u.email LIKE ${`demo-therapist.%.%@${DOMAIN}`} AND u.user_type = 'provider'
       AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.provider_id = u.identifier)`);
}

async function insertDemoTherapists(tx: Executor, therapists: DemoTherapist[]): Promise<Map<number, string>> {
  const rows = therapists.map((t) => ({ ...t, id: crypto.randomUUID(), email: demoTherapistEmail(t.n) }));
  // One JSON parameter, read as a table: every statement below is one round trip for all thirty.
  await tx.execute(sql`
    CREATE TEMP TABLE seed_demo ON COMMIT DROP AS
    SELECT * FROM json_to_recordset(${JSON.stringify(rows)}::json) AS x(
      id uuid, n int, email text, "firstName" text, "lastName" text, title text, gender text, ethnicity text,
      religion text, "homeState" text, "licenceStates" text[], timezone text, headline text, bio text, discipline text,
      therapies text[], specialities text[], modalities text[], languages text[], fee bigint, "officeAddress" text,
      hours json)`);
  await tx.execute(sql`
    INSERT INTO users (identifier, email, user_type, first_name, last_name, country_code, timezone, is_social, email_verified_at)
    SELECT id, email, 'provider', "firstName", "lastName", 'US', timezone, true, now() FROM seed_demo`);
  await tx.execute(sql`
    INSERT INTO provider_profiles (user_id, headline, title, bio, gender, religion_id, ethnicity_id, discipline_id, state_id, office_address, setup_completed_at)
    SELECT d.id, d.headline, d.title, d.bio, d.gender,
           (SELECT identifier FROM reference_items WHERE list = 'religion' AND code = d.religion),
           (SELECT identifier FROM reference_items WHERE list = 'ethnicity' AND code = d.ethnicity),
           (SELECT identifier FROM reference_items WHERE list = 'discipline' AND code = d.discipline),
           (SELECT st.identifier FROM states st JOIN countries c ON c.identifier = st.country_id WHERE c.code = 'US' AND st.code = d."homeState"),
           d."officeAddress", now()
      FROM seed_demo d`);
  for (const [list, column] of [
    ['therapy-category', 'therapies'],
    ['modality', 'modalities'],
    ['speciality', 'specialities'],
  ] as const) {
    await tx.execute(sql`
      INSERT INTO provider_profile_items (user_id, list, item_id)
      SELECT d.id, r.list, r.identifier FROM seed_demo d
        CROSS JOIN LATERAL unnest(${sql.raw(`d.${column}`)}) AS x(item)
        JOIN reference_items r ON r.list = ${list} AND r.code = x.item
      ON CONFLICT DO NOTHING`);
  }
  await tx.execute(sql`
    INSERT INTO provider_license_states (provider_id, state_id, review, reviewed_at)
    SELECT d.id, st.identifier, 'approved', now() FROM seed_demo d
      CROSS JOIN LATERAL unnest(d."licenceStates") AS x(item)
      JOIN states st ON st.code = x.item JOIN countries c ON c.identifier = st.country_id AND c.code = 'US'
    ON CONFLICT DO NOTHING`);
  await tx.execute(sql`
    INSERT INTO provider_languages (user_id, language_id)
    SELECT d.id, l.identifier FROM seed_demo d CROSS JOIN LATERAL unnest(d.languages) AS x(item) JOIN languages l ON l.code = x.item
    ON CONFLICT DO NOTHING`);
  await tx.execute(sql`
    INSERT INTO provider_booking_fees (identifier, provider_id, therapy_category_id, fee, is_free, currency_code)
    SELECT gen_random_uuid(), id, NULL, fee, false, 'USD' FROM seed_demo`);
  await tx.execute(sql`
    INSERT INTO provider_verifications (provider_id, status, submitted_at, decided_at)
    SELECT id, 'approved', now(), now() FROM seed_demo`);
  // What an approval settles (issue 45): an approved licence for each claimed state, and approved insurance. The
  // documents are records only (no stored bytes), as the bench's: they exist to be listed, not reviewed.
  await tx.execute(sql`
    INSERT INTO qualifications (identifier, provider_id, kind, body, credential_number, state_id, expires_on, review, reviewed_at)
    SELECT gen_random_uuid(), l.provider_id, 'license', st.name || ' Board of Behavioral Sciences',
           st.code || '-' || (100000 + d.n * 7919 % 900000), l.state_id, (now() + interval '400 days')::date, 'approved', now()
      FROM provider_license_states l JOIN seed_demo d ON d.id = l.provider_id JOIN states st ON st.identifier = l.state_id`);
  await tx.execute(sql`
    CREATE TEMP TABLE seed_demo_insurance ON COMMIT DROP AS
    SELECT gen_random_uuid() AS file_id, id AS provider_id FROM seed_demo`);
  await tx.execute(sql`
    INSERT INTO files (identifier, owner_user_id, purpose, storage_key, content_type, size_bytes, sha256, original_name)
    SELECT file_id, provider_id, 'insurance', 'seed-directory/' || file_id || '.pdf', 'application/pdf', 1, repeat('0', 64), 'indemnity-insurance.pdf'
      FROM seed_demo_insurance`);
  await tx.execute(sql`
    INSERT INTO insurance_files (file_id, provider_id, expires_on, review, reviewed_at)
    SELECT file_id, provider_id, (now() + interval '300 days')::date, 'approved', now() FROM seed_demo_insurance`);
  // Their weekly plan in their own zone: 50-minute sessions with 10 minutes between, every weekday saved (a day
  // without a row would fall back to the default 9 to 6), the ones they do not work unavailable.
  await tx.execute(sql`
    INSERT INTO availability_settings (provider_id, timezone, session_minutes, buffer_minutes)
    SELECT id, timezone, 50, 10 FROM seed_demo`);
  await tx.execute(sql`
    INSERT INTO availability_days (identifier, provider_id, weekday, is_available)
    SELECT gen_random_uuid(), d.id, w.day,
           EXISTS (SELECT 1 FROM json_array_elements(d.hours) h WHERE (h->>0)::int = w.day)
      FROM seed_demo d CROSS JOIN generate_series(1, 7) AS w(day)`);
  await tx.execute(sql`
    INSERT INTO availability_intervals (identifier, day_id, start_minute, end_minute)
    SELECT gen_random_uuid(), ad.identifier, (h->>1)::int, (h->>2)::int
      FROM seed_demo d CROSS JOIN LATERAL json_array_elements(d.hours) h
      JOIN availability_days ad ON ad.provider_id = d.id AND ad.category_id IS NULL AND ad.weekday = (h->>0)::int`);
  return new Map(rows.map((r) => [r.n, r.id]));
}

/** The generated picture, stored as the files module stores a profile picture (a `files` row, then the bytes). */
async function storeDemoPicture(db: Database, storeFile: StoreFile, providerId: string, t: DemoTherapist) {
  const data = await demoAvatar(`${t.firstName} ${t.lastName}`, t.n);
  const identifier = crypto.randomUUID();
  const storageKey = `profile_picture/${identifier}.webp`;
  await db.execute(sql`
    INSERT INTO files (identifier, owner_user_id, purpose, storage_key, content_type, size_bytes, sha256, original_name)
    VALUES (${identifier}, ${providerId}, 'profile_picture', ${storageKey}, 'image/webp', ${data.length},
            ${crypto.createHash('sha256').update(data).digest('hex')}, NULL)`);
  await storeFile(storageKey, data, 'image/webp');
  await db.execute(sql`UPDATE provider_profiles SET photo_file_id = ${identifier} WHERE user_id = ${providerId}`);
}
