import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, insertBooking, slotAt, type World } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { parsedMailTo } from '../../../test/parsed-mail.ts';

/**
 * Issue 48: a mail greets "Hello Jordan," and goes on with a capitalised sentence (it read "Hello Jordan, / your ..."),
 * and gives times as the app does for the recipient: a US reader in English gets 12-hour times with AM/PM and the
 * zone's short name ("EST"), never "GMT-5"; a German reader gets 24-hour times; a zone without a short name in the
 * language is named by its city. Read over real SMTP with a real MIME parser (mailparser).
 */
let t: TestApp;
let w: World;
const FEE = 25_000;
// A Monday in March 2027, before the US moves its clocks (14 March): New York is on EST (UTC-5), Berlin on MEZ.
const NOW = '2027-03-01T07:00:00.000Z';
const SESSION = '2027-03-03T15:00:00.000Z';

const online = async () =>
  (
    await t.db.$client.query<{ id: string }>(
      `SELECT identifier AS id FROM reference_items WHERE list = 'modality' AND code = 'online'`,
    )
  ).rows[0]!.id;

const mailTo = async (who: SignedUp, subjectStart: string, timeoutMs?: number): Promise<string> =>
  (await parsedMailTo(t, who.email, subjectStart, timeoutMs)).text ?? '';

/** A client of the provider (they booked before: a provider makes appointments only for their clients). */
async function clientIn(locale: 'en' | 'de', timezone: string, firstName: string): Promise<SignedUp> {
  const client = await t.signUp('client');
  await insertBooking(w, { status: 'completed', start: '2027-02-01T10:00:00Z', client });
  await t.db.$client.query(`UPDATE users SET locale = $2, timezone = $3, first_name = $4 WHERE identifier = $1`, [
    client.userId,
    locale,
    timezone,
    firstName,
  ]);
  return client;
}

const appointmentFor = async (client: SignedUp, start: string) => {
  const made = await t.api('POST', '/appointment', w.provider, {
    clientIdentifier: client.userId,
    modalityIdentifier: await online(),
    therapyIdentifier: w.categoryId,
    timeslotIdentifier: await slotAt(t, w.provider.userId, start),
  });
  expect(made.statusCode, made.body).toBe(201);
};

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(NOW);
  w = await bookingWorld(t);
  await t.db.$client.query(
    `INSERT INTO provider_profile_items (user_id, list, item_id) SELECT $1, list, identifier FROM reference_items WHERE list IN ('therapy-category', 'modality') ON CONFLICT DO NOTHING`,
    [w.provider.userId],
  );
  const fee = await t.api('POST', '/provider/booking-fee/general', w.provider, { fee: FEE, isFree: false });
  expect(fee.statusCode, fee.body).toBe(200);
});
afterAll(async () => t?.close());

describe('mails', () => {
  it('to a US reader in English: "Hello Jordan," then a capital, 12-hour times with AM/PM and EST', async () => {
    const jordan = await clientIn('en', 'America/New_York', 'Jordan');
    await appointmentFor(jordan, SESSION);
    const text = await mailTo(jordan, 'Please pay for your appointment');
    expect(text).toMatch(/^Hello Jordan,\n\n[A-Z]/);
    // 15:00 UTC is 10:00 AM in New York; the hold ends 24 hours from now, 07:00 UTC, 2:00 AM in New York.
    expect(text).toContain('on Wed, Mar 3, 2027, 10:00 AM–11:00 AM EST');
    expect(text).toContain('Please pay by Tue, Mar 2, 2027, 2:00 AM EST');
    // No offset for a zone, and no 24-hour time (13:00 to 23:59).
    expect(text).not.toMatch(/GMT|UTC[+-]|\b(1[3-9]|2[0-3]):[0-5]\d\b/);
  });

  it('to a German reader: "Hallo Mia," then a capital, 24-hour times, the zone by its short name or its city', async () => {
    const mia = await clientIn('de', 'Europe/Berlin', 'Mia');
    await appointmentFor(mia, '2027-03-03T13:00:00.000Z');
    const text = await mailTo(mia, 'Bitte bezahle deinen Termin');
    expect(text).toMatch(/^Hallo Mia,\n\n\p{Lu}/u);
    expect(text).toContain('am Mi., 3. März 2027, 14:00–15:00 MEZ');
    expect(text).not.toMatch(/\b(AM|PM)\b|GMT/);

    const lukas = await clientIn('de', 'America/New_York', 'Lukas');
    await appointmentFor(lukas, '2027-03-03T17:00:00.000Z');
    const away = await mailTo(lukas, 'Bitte bezahle deinen Termin');
    expect(away).toMatch(/^Hallo Lukas,\n\n\p{Lu}/u);
    // German has no short name for New York's zone (ICU writes "GMT-5"): the city says it.
    expect(away).toContain('am Mi., 3. März 2027, 12:00–13:00 Ortszeit New York');
    expect(away).not.toMatch(/GMT/);
  });

  it("an account's changed address: the old one is told whom to contact, by a mailto link", async () => {
    const ada = await t.signUp('client');
    await t.db.$client.query(`UPDATE users SET first_name = 'Ada' WHERE identifier = $1`, [ada.userId]);
    const moved = `moved-${ada.email}`;
    const asked = await t.api('POST', '/user/profile/change-email', ada, { email: moved });
    expect(asked.statusCode, asked.body).toBe(200);
    const codeMail = await mailTo({ ...ada, email: moved }, 'Your code to change your email');
    expect(codeMail).toMatch(/^Hello Ada,\n\nYour code/);
    const code = /is: (\d{6})$/m.exec(codeMail)![1]!;
    const done = await t.api('POST', '/user/profile/validate-email-change', ada, { code });
    expect(done.statusCode, done.body).toBe(200);
    const text = await mailTo(ada, 'Your email address was changed');
    expect(text).toMatch(/^Hello Ada,\n\nThe email address/);
    expect(text).toContain(`contact our support at once: ${t.config.supportEmail} (mailto:${t.config.supportEmail})`);
  });
});
