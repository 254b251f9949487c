import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { de, en } from '@therapy/contracts/messages';
import type {
  PracticeList,
  ProviderVerification,
  VerificationQueueItem,
  VerificationReview,
} from '@therapy/contracts/verification';
import { expectError, validation } from '../../../test/assertions.ts';
import { pdfFile, uploadDocuments } from '../../../test/credential-test-helpers.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { profileFixtures } from '../../../test/profile-test-helpers.ts';

/**
 * Issue 45: trust that holds after approval. A verified practice's new licence states and documents wait for an
 * operator; a state is listed only with an approved licence for it; licences and insurance expire; the operator's
 * desk, list of practices, and suspension.
 */
let t: TestApp;
let fx: ReturnType<typeof profileFixtures>;
let operator: SignedUp;

const TODAY = '2026-03-23';
const stateId = async (code: string) =>
  (
    await t.db.$client.query<{ id: string }>(
      `SELECT s.identifier AS id FROM states s JOIN countries c ON c.identifier = s.country_id WHERE c.code = 'US' AND s.code = $1`,
      [code],
    )
  ).rows[0]!.id;
/** Last names of the providers the directory lists in a state. */
const listedIn = async (state: string): Promise<string[]> => {
  const res = await t.request({ method: 'GET', url: `/api/v1/therapists?state=${state}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Array<{ lastName: string }>).map((e) => e.lastName);
};
const licence = (who: SignedUp, fields: Record<string, string>) =>
  uploadDocuments(t, who, '/provider/qualification', { type: 'license', ...fields }, [pdfFile('licence.pdf')]);
const insurance = (who: SignedUp, expiresOn?: string) =>
  uploadDocuments(
    t,
    who,
    '/provider/indemnity-insurance',
    expiresOn ? { expiresOn } : {},
    [pdfFile('policy.pdf')],
    'file',
  );
const verification = async (who: SignedUp) =>
  (await t.api('GET', '/provider/verification', who)).json().data as ProviderVerification;
const desk = async (providerId: string) => {
  const res = await t.api('GET', `/operator/verifications/${providerId}`, operator);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as VerificationReview;
};
const queue = async () =>
  (await t.api('GET', '/operator/verifications', operator)).json().data as VerificationQueueItem[];

/**
 * A practice approved by an operator through the API: profile, a fee, a New York licence and insurance (both with an
 * expiry), New York claimed; submitted (the row: the checklist's other steps have their own tests) and approved.
 */
async function approvedPractice(last: string, opts: { licenceExpires?: string; insuranceExpires?: string } = {}) {
  const who = await t.signUp('provider');
  const setup = await t.api(
    'POST',
    '/provider/setup',
    who,
    await fx.providerInfo({ firstName: 'Dana', lastName: last }),
  );
  expect(setup.statusCode, setup.body).toBe(200);
  expect((await t.api('POST', '/provider/booking-fee/general', who, { fee: 9000, isFree: false })).statusCode).toBe(
    200,
  );
  const ny = await licence(who, {
    body: 'New York State Board',
    credentialNumber: `NY-${last.length}01`,
    stateIdentifier: await stateId('NY'),
    expiresOn: opts.licenceExpires ?? '2027-06-30',
  });
  expect(ny.statusCode, ny.body).toBe(201);
  expect((await insurance(who, opts.insuranceExpires ?? '2027-12-31')).statusCode).toBe(201);
  expect(
    (await t.api('POST', '/provider/license-states', who, { stateIdentifiers: [await stateId('NY')] })).statusCode,
  ).toBe(200);
  await t.db.$client.query(
    `INSERT INTO provider_verifications (provider_id, status, submitted_at) VALUES ($1, 'submitted', now())`,
    [who.userId],
  );
  const approved = await t.api('POST', `/operator/verifications/${who.userId}/approve`, operator, {});
  expect(approved.statusCode, approved.body).toBe(200);
  expect(approved.json().message).toBe(en.verificationApproved);
  return { who, licenceId: ny.json().data.identifier as string };
}

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(`${TODAY}T08:00:00Z`);
  fx = profileFixtures(t);
  operator = await t.signUpOperator();
});
afterAll(() => t.close());

describe('after approval, changes go to review', () => {
  it('a new state is not listed until an operator approves a licence for it; the provider sees what is pending', async () => {
    const { who } = await approvedPractice('Abernathy');
    expect(await listedIn('NY')).toContain('Abernathy');
    expect((await verification(who)).changes).toEqual([]);

    // The bypass: California added with no Californian licence on file.
    const states = await t.api('POST', '/provider/license-states', who, {
      stateIdentifiers: [await stateId('NY'), await stateId('CA')],
    });
    expect(states.statusCode, states.body).toBe(200);
    expect(states.json().data).toEqual([
      expect.objectContaining({ code: 'CA', review: 'pending', listed: false }),
      expect.objectContaining({ code: 'NY', review: 'approved', listed: true }),
    ]);
    expect(await listedIn('CA')).not.toContain('Abernathy');
    expect(await listedIn('NY')).toContain('Abernathy');
    const pending = await verification(who);
    expect(pending.status).toBe('approved');
    expect(pending.changes).toEqual([
      expect.objectContaining({ kind: 'licenseState', title: 'California', review: 'pending' }),
    ]);
    expect(await queue()).toContainEqual(expect.objectContaining({ providerIdentifier: who.userId, kind: 'changes' }));

    // An operator approving the state alone does not list it: no licence is issued for California.
    const approve = await t.api('POST', `/operator/verifications/${who.userId}/approve`, operator, {});
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json().message).toBe(en.changesApproved);
    expect(approve.json().data.status).toBe('approved');
    expect(await listedIn('CA')).not.toContain('Abernathy');
    expect((await queue()).map((q) => q.providerIdentifier)).not.toContain(who.userId);

    // A Californian licence, pending, then approved: now listed in California.
    const ca = await licence(who, {
      body: 'California Board of Psychology',
      credentialNumber: 'PSY-4711',
      stateIdentifier: await stateId('CA'),
      expiresOn: '2028-01-31',
    });
    expect(ca.statusCode, ca.body).toBe(201);
    expect(ca.json().data.review).toBe('pending');
    expect(await listedIn('CA')).not.toContain('Abernathy');
    expect((await verification(who)).changes).toEqual([
      expect.objectContaining({
        kind: 'license',
        title: 'California Board of Psychology, PSY-4711',
        review: 'pending',
      }),
    ]);
    expect((await t.api('POST', `/operator/verifications/${who.userId}/approve`, operator, {})).statusCode).toBe(200);
    expect(await listedIn('CA')).toContain('Abernathy');
    expect((await verification(who)).changes).toEqual([]);
  });

  it('removing the last licence for a state unlists it at once; the practice stays verified', async () => {
    const { who, licenceId } = await approvedPractice('Brightwater');
    expect(await listedIn('NY')).toContain('Brightwater');
    const removed = await t.api('DELETE', `/provider/qualification/${licenceId}`, who);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await listedIn('NY')).not.toContain('Brightwater');
    const states = (await t.api('GET', '/provider/license-states', who)).json().data;
    expect(states).toEqual([expect.objectContaining({ code: 'NY', review: 'approved', listed: false })]);
    // Not bookable either: the bookings' licence check reads the same listing.
    const profile = await t.request({ method: 'GET', url: `/api/v1/therapists/${who.userId}` });
    expect(profile.json().data.licenceStates).toEqual([]);
  });

  it('an edited licence (another state, a new file) is reviewed again before it counts', async () => {
    const { who, licenceId } = await approvedPractice('Castellane');
    const moved = await uploadDocuments(
      t,
      who,
      `/provider/qualification/${licenceId}`,
      {
        type: 'license',
        body: 'New York State Board',
        credentialNumber: 'NY-1001',
        stateIdentifier: await stateId('NJ'),
        expiresOn: '2027-06-30',
      },
      [],
      'files',
      'PUT',
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.review).toBe('pending');
    expect(await listedIn('NY')).not.toContain('Castellane');
  });

  it('a rejection of changes needs a reason, leaves the rest as it was and tells the provider', async () => {
    const { who } = await approvedPractice('Delacroix');
    await t.api('POST', '/provider/license-states', who, {
      stateIdentifiers: [await stateId('NY'), await stateId('TX')],
    });
    expectError(
      await t.api('POST', `/operator/verifications/${who.userId}/reject`, operator, { note: '  ' }),
      400,
      validation(en.verificationNoteRequired),
    );
    const rejected = await t.api('POST', `/operator/verifications/${who.userId}/reject`, operator, {
      note: 'No Texas licence on file.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().message).toBe(en.changesRejected);
    expect(rejected.json().data.status).toBe('approved');
    const after = await verification(who);
    expect(after.changes).toEqual([expect.objectContaining({ title: 'Texas', review: 'rejected' })]);
    expect(await listedIn('NY')).toContain('Delacroix');
    expect(await listedIn('TX')).not.toContain('Delacroix');
    await t.mailSettled();
    const mail = await t.mail.waitFor(who.email, (m) => m.subject === 'The changes to your practice were not approved');
    expect(mail.text).toContain('Reason: No Texas licence on file.');
    // Nothing left to decide: a second decision is not found.
    expect((await t.api('POST', `/operator/verifications/${who.userId}/approve`, operator, {})).statusCode).toBe(404);
  });

  it('refuses an expiry date in the past or not a date, and a licence state outside the US, storing nothing', async () => {
    const who = await t.signUp('provider');
    const fields = { body: 'Board', credentialNumber: 'X-1' };
    expectError(await licence(who, { ...fields, expiresOn: TODAY }), 400, validation(en.credentialExpiryPast));
    expectError(
      await licence(who, { ...fields, expiresOn: '2027-02-30' }),
      400,
      validation(en.credentialExpiryInvalid),
    );
    expectError(await licence(who, { ...fields, expiresOn: 'soon' }), 400, validation(en.credentialExpiryInvalid));
    expectError(
      await licence(who, { ...fields, stateIdentifier: await fx.stateId('NG', 'LA') }),
      400,
      validation(en.licenseStateInvalid),
    );
    expectError(await insurance(who, '2020-01-01'), 400, validation(en.credentialExpiryPast));
    const german = await uploadDocuments(
      t,
      { ...who, auth: { ...who.auth, 'x-locale': 'de' } as never },
      '/provider/qualification',
      { type: 'license', ...fields, expiresOn: TODAY },
      [pdfFile('licence.pdf')],
    );
    expect(german.json().message).toBe(de.credentialExpiryPast);
    expect(await t.count('qualifications', { provider_id: who.userId })).toBe(0);
    expect(await t.count('insurance_files', { provider_id: who.userId })).toBe(0);
  });
});

describe('expiry', () => {
  // The sessions were signed in on TODAY: a test that moves the clock on brings it back, even when it fails.
  afterEach(() => t.clock.set(`${TODAY}T08:00:00Z`));
  it('mails 30 and 7 days before a licence expires, once each, and unlists its state the day after', async () => {
    const { who } = await approvedPractice('Eastwood', { licenceExpires: '2026-04-22' });
    expect(await listedIn('NY')).toContain('Eastwood');
    const subjects = async () => {
      await t.mailSettled();
      return t.mail.mails.filter((m) => m.to.includes(who.email.toLowerCase())).map((m) => m.subject);
    };
    const before = (await subjects()).length;

    t.clock.set('2026-03-22T08:00:00Z'); // 31 days before: nothing yet
    await t.runCredentialExpiry();
    expect((await subjects()).length).toBe(before);
    t.clock.set('2026-03-23T08:00:00Z'); // 30 days before
    await t.runCredentialExpiry();
    await t.runCredentialExpiry(); // a second run the same day sends nothing more
    expect((await subjects()).slice(before)).toEqual(['Your document expires in 30 days']);
    t.clock.set('2026-04-15T08:00:00Z'); // 7 days before
    await t.runCredentialExpiry();
    expect((await subjects()).slice(before)).toEqual([
      'Your document expires in 30 days',
      'Your document expires in 7 days',
    ]);
    t.clock.set('2026-04-22T08:00:00Z'); // its last valid day: still listed
    await t.runCredentialExpiry();
    expect(await listedIn('NY')).toContain('Eastwood');
    t.clock.set('2026-04-23T08:00:00Z');
    await t.runCredentialExpiry();
    expect(await listedIn('NY')).not.toContain('Eastwood');
    expect((await subjects()).at(-1)).toBe('Your document has expired');
    t.clock.set(`${TODAY}T08:00:00Z`); // back to the day the sessions were signed in
    expect((await verification(who)).changes).toEqual([
      expect.objectContaining({ kind: 'license', review: 'expired', expiresOn: '2026-04-22' }),
    ]);
    t.clock.set(`${TODAY}T08:00:00Z`);
  });

  it('an expired insurance unlists every state until a renewed one is approved', async () => {
    const { who } = await approvedPractice('Fairbanks', { insuranceExpires: '2026-03-30' });
    t.clock.set('2026-03-31T09:00:00Z');
    await t.runCredentialExpiry();
    expect(await listedIn('NY')).not.toContain('Fairbanks');
    t.clock.set(`${TODAY}T08:00:00Z`); // back to the day the sessions were signed in
    expect((await insurance(who, '2027-03-30')).statusCode).toBe(201);
    expect(await listedIn('NY')).not.toContain('Fairbanks');
    expect((await t.api('POST', `/operator/verifications/${who.userId}/approve`, operator, {})).statusCode).toBe(200);
    expect(await listedIn('NY')).toContain('Fairbanks');
    t.clock.set(`${TODAY}T08:00:00Z`);
  });
});

describe("the operator's desk", () => {
  it('shows each claimed state with its licence, the documents, fees, discipline, bio, work history and history', async () => {
    const { who, licenceId } = await approvedPractice('Galloway');
    await t.api('POST', '/provider/experience', who, {
      companyName: 'City Clinic',
      jobTitle: 'Psychologist',
      startDate: '2019-01',
      endDate: null,
      currentlyWorksHere: true,
      description: null,
    });
    await t.api('POST', '/provider/license-states', who, {
      stateIdentifiers: [await stateId('NY'), await stateId('NJ')],
    });
    const review = await desk(who.userId);
    expect(review.status).toBe('approved');
    expect(review.decision).toBe('changes');
    expect(review.licenseStates).toEqual([
      expect.objectContaining({ code: 'NJ', review: 'pending', listed: false, licences: [] }),
      expect.objectContaining({ code: 'NY', review: 'approved', listed: true, licences: [licenceId] }),
    ]);
    expect(review.documents).toContainEqual(
      expect.objectContaining({
        identifier: licenceId,
        kind: 'license',
        body: 'New York State Board',
        credentialNumber: 'NY-801',
        stateIdentifier: await stateId('NY'),
        expiresOn: '2027-06-30',
        review: 'approved',
      }),
    );
    expect(review.documents).toContainEqual(expect.objectContaining({ kind: 'insurance', expiresOn: '2027-12-31' }));
    expect(review.fees).toEqual([{ therapy: null, amount: 9000, currencyCode: 'USD', isFree: false }]);
    expect(review.profile.bio).toBeTruthy();
    expect(review.workHistory).toEqual([
      expect.objectContaining({ companyName: 'City Clinic', currentlyWorksHere: true }),
    ]);
    expect(review.history).toEqual([
      expect.objectContaining({ kind: 'approved', note: null, operator: expect.any(String) }),
    ]);
    await t.api('POST', `/operator/verifications/${who.userId}/reject`, operator, { note: 'Upload the NJ licence.' });
    expect((await desk(who.userId)).history.map((h) => [h.kind, h.note])).toEqual([
      ['approved', null],
      ['changes_rejected', 'Upload the NJ licence.'],
    ]);
    expect((await desk(who.userId)).decision).toBeNull();
  });

  it('lists every practice by standing, searched by name or email', async () => {
    const { who: pending } = await approvedPractice('Hollister');
    await t.api('POST', '/provider/license-states', pending, {
      stateIdentifiers: [await stateId('NY'), await stateId('OH')],
    });
    const { who: expiring } = await approvedPractice('Ivanova', { licenceExpires: '2026-04-10' });
    const list = async (query: string) => {
      const res = await t.api('GET', `/operator/practices?${query}`, operator);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as PracticeList;
    };
    const names = (l: PracticeList) => l.items.map((i) => i.lastName);
    expect(names(await list('standing=changes_pending'))).toContain('Hollister');
    expect(names(await list('standing=changes_pending'))).not.toContain('Ivanova');
    expect(names(await list('standing=expiring'))).toEqual(expect.arrayContaining(['Ivanova']));
    expect(names(await list('standing=expiring'))).not.toContain('Hollister');
    expect((await list('standing=expiring')).items.find((i) => i.lastName === 'Ivanova')?.expiresOn).toBe('2026-04-10');
    expect(names(await list('q=hollis'))).toEqual(['Hollister']);
    expect(names(await list(`q=${encodeURIComponent(expiring.email.toUpperCase())}`))).toEqual(['Ivanova']);
    expect((await list('q=%25')).items.length).toBe(0); // a wildcard is a character, not "everything"
    expect(names(await list('standing=verified'))).toEqual(expect.arrayContaining(['Hollister', 'Ivanova']));
    expect((await t.api('GET', '/operator/practices?standing=famous', operator)).json().code).toBe('VALIDATION_ERROR');
    expectError(
      await t.api('GET', `/operator/practices?q=${'x'.repeat(101)}`, operator),
      400,
      validation(en.verificationSearchTooLong),
    );
    expect((await t.api('GET', '/operator/practices', pending)).statusCode).toBe(403);
  });

  it('suspends a verified listing with a reason, and reinstates it', async () => {
    const { who } = await approvedPractice('Jablonski');
    expectError(
      await t.api('POST', `/operator/verifications/${who.userId}/suspend`, operator, { note: '' }),
      400,
      validation(en.suspensionReasonRequired),
    );
    expect(await listedIn('NY')).toContain('Jablonski');
    const suspended = await t.api('POST', `/operator/verifications/${who.userId}/suspend`, operator, {
      note: 'Complaint under investigation.',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json().message).toBe(en.practiceSuspended);
    expect(await listedIn('NY')).not.toContain('Jablonski');
    expect((await t.request({ method: 'GET', url: `/api/v1/therapists/${who.userId}` })).statusCode).toBe(404);
    const mine = await verification(who);
    expect(mine.status).toBe('suspended');
    expect(mine.suspendedReason).toBe('Complaint under investigation.');
    expectError(
      await t.api('POST', `/operator/verifications/${who.userId}/suspend`, operator, { note: 'Again' }),
      409,
      {
        message: en.practiceNotVerified,
        code: 'CONFLICT',
      },
    );
    await t.mailSettled();
    expect((await t.mail.waitFor(who.email, (m) => m.subject === 'Your listing is suspended')).text).toContain(
      'Reason: Complaint under investigation.',
    );
    const back = await t.api('POST', `/operator/verifications/${who.userId}/reinstate`, operator, {});
    expect(back.statusCode, back.body).toBe(200);
    expect(await listedIn('NY')).toContain('Jablonski');
    expectError(await t.api('POST', `/operator/verifications/${who.userId}/reinstate`, operator, {}), 409, {
      message: en.practiceNotSuspended,
      code: 'CONFLICT',
    });
    expect((await desk(who.userId)).history.map((h) => h.kind)).toEqual(['approved', 'suspended', 'reinstated']);
    // Another provider, a client, an unknown id: never another's practice.
    const stranger = await t.signUp('provider');
    expect(
      (await t.api('POST', `/operator/verifications/${who.userId}/suspend`, stranger, { note: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await t.api('POST', `/operator/verifications/${crypto.randomUUID()}/suspend`, operator, { note: 'x' }))
        .statusCode,
    ).toBe(404);
  });
});
