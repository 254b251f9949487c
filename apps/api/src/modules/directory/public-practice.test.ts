import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfFile, uploadDocuments } from '../../../test/credential-test-helpers.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { profileFixtures } from '../../../test/profile-test-helpers.ts';

/** Issue 47: a therapist's public page shows the work history, approved education, session formats and office address. */
let t: TestApp;
let fx: ReturnType<typeof profileFixtures>;
beforeAll(async () => {
  t = await buildTestApp();
  fx = profileFixtures(t);
});
afterAll(async () => t.close());

const page = async (who: SignedUp) => {
  const res = await t.request({ method: 'GET', url: `/api/v1/therapists/${who.userId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

async function listedProvider(modalities: string[]): Promise<SignedUp> {
  const who = await t.signUp('provider', {}, { verified: true });
  const setup = await t.api(
    'POST',
    '/provider/setup',
    who,
    await fx.providerInfo({
      officeAddress: '12 Main Street, Brooklyn',
      headline: 'Trauma-informed therapy for adults (CBT)',
      modalities: await Promise.all(modalities.map((code) => fx.refId('modality', code))),
    }),
  );
  expect(setup.statusCode, setup.body).toBe(200);
  await t.verifyProvider(who.userId);
  return who;
}

describe('GET /therapists/{id}: the practice a client weighs', () => {
  it('shows work history, approved education, both session formats and the office address of an in-person practice', async () => {
    const who = await listedProvider(['online', 'in-person']);
    const job = {
      companyName: 'Harbor Clinic',
      jobTitle: 'Family Therapist',
      startDate: '2015-03',
      endDate: null,
      currentlyWorksHere: true,
      description: 'Couples and family sessions.',
    };
    expect((await t.api('POST', '/provider/experience', who, job)).statusCode).toBe(201);
    const upload = (title: string) =>
      uploadDocuments(t, who, '/provider/qualification', { type: 'education', title }, [pdfFile('degree.pdf')]);
    const approved = await upload('MSc Clinical Psychology');
    expect(approved.statusCode, approved.body).toBe(201);
    const pending = await upload('Certificate not reviewed yet');
    expect(pending.statusCode, pending.body).toBe(201);
    await t.db.$client.query(`UPDATE qualifications SET review = 'approved' WHERE identifier = $1`, [
      approved.json().data.identifier,
    ]);
    await t.db.$client.query(`UPDATE qualifications SET review = 'pending' WHERE identifier = $1`, [
      pending.json().data.identifier,
    ]);

    const profile = await page(who);
    expect(profile.workHistory).toEqual([job]);
    expect(profile.education).toEqual([{ title: 'MSc Clinical Psychology' }]);
    expect(profile.modalities.map((m: { code: string }) => m.code).sort()).toEqual(['in-person', 'online']);
    expect(profile.officeAddress).toBe('12 Main Street, Brooklyn');
    expect(profile.headline).toBe('Trauma-informed therapy for adults (CBT)');
  });

  it('keeps the office address of an online-only practice private', async () => {
    const who = await listedProvider(['online']);
    const profile = await page(who);
    expect(profile.officeAddress).toBeNull();
    expect(profile.workHistory).toEqual([]);
    expect(profile.education).toEqual([]);
  });
});
