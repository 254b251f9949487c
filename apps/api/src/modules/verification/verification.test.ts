import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { de, en } from '@therapy/contracts/messages';
import type { SetupStepKey } from '@therapy/contracts/practice-setup';
import type { ProviderVerification, VerificationQueueItem } from '@therapy/contracts/verification';
import { expectError, validation } from '../../../test/assertions.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { profileFixtures } from '../../../test/profile-test-helpers.ts';
import type { Actor } from '../../platform/auth/access.ts';
import { createEventBus } from '../../platform/events.ts';
import type { SetupStep } from '../../platform/practice-setup.ts';
import { createPgRealtime } from '../../platform/realtime.ts';
import { createAvailabilityModule } from '../availability/availability.module.ts';
import { createVerificationService, type VerificationService } from './verification.service.ts';

let t: TestApp;
let fx: ReturnType<typeof profileFixtures>;
/** The verification service as the merged app will have it: every step of the checklist has a source. */
let full: VerificationService;
let events: ReturnType<typeof createEventBus>;

const week = () =>
  ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'].map((identifier) => ({
    identifier,
    isAvailable: identifier === 'MONDAY',
    timeSlotsInterval: identifier === 'MONDAY' ? [{ startTime: '09:00', endTime: '12:00' }] : [],
  }));
const actorOf = (who: SignedUp): Actor => ({
  userId: who.userId,
  userType: 'provider',
  sessionId: who.session.accessToken,
});

/** A provider whose profile set-up and availability (the two steps this app has sources for) are complete. */
async function providerWithProfileAndAvailability(): Promise<SignedUp> {
  const provider = await t.signUp('provider');
  const setup = await t.api('POST', '/provider/setup', provider, await fx.providerInfo());
  expect(setup.statusCode, setup.body).toBe(200);
  const plan = await t.api('POST', '/provider-availability/days/default', provider, { days: week() });
  expect(plan.statusCode, plan.body).toBe(200);
  return provider;
}
/** A provider whose practice is under review: a complete checklist, submitted. */
async function submittedProvider(): Promise<SignedUp> {
  const provider = await providerWithProfileAndAvailability();
  expect((await full.submit(actorOf(provider), 'en')).status).toBe('submitted');
  return provider;
}
const rowOf = async (providerId: string) =>
  (
    await t.db.$client.query('SELECT status, note, decided_by FROM provider_verifications WHERE provider_id = $1', [
      providerId,
    ])
  ).rows[0];

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set('2026-03-23T07:59:00Z');
  fx = profileFixtures(t);
  // The real availability step (its module's face), the real profile step (the provider_profiles row the set-up
  // marks), and for the five steps whose modules are built on other branches (credentials, insurance, fees, licence
  // states, bank details) sources that report complete: their own modules' tests cover when they are.
  events = createEventBus({ db: t.db, realtime: createPgRealtime(t.db), log: { error: () => undefined } });
  const users = {
    findActiveUser: async (id: string) =>
      (await t.db.$client.query('SELECT 1 FROM users WHERE identifier = $1 AND deleted_at IS NULL', [id])).rows[0] &&
      ({ identifier: id } as never),
  };
  const availability = createAvailabilityModule({ config: t.config, db: t.db, clock: t.clock, events }, { users });
  const profileStep: SetupStep = {
    key: 'profile',
    isComplete: async (id) =>
      (
        await t.db.$client.query(
          'SELECT 1 FROM provider_profiles WHERE user_id = $1 AND setup_completed_at IS NOT NULL',
          [id],
        )
      ).rows.length > 0,
  };
  const elsewhere = (['credentials', 'insurance', 'fees', 'licenseStates', 'bankDetails'] as SetupStepKey[]).map(
    (key) => ({ key, isComplete: async () => true }),
  );
  full = createVerificationService(
    {
      db: t.db,
      clock: t.clock,
      events,
      config: t.config,
      mail: { queue: async () => undefined, start: async () => undefined } as never,
    },
    { users, steps: [profileStep, ...availability.setupSteps, ...elsewhere], summaryOf: async () => ({}) as never },
  );
});
afterAll(async () => {
  await events.close();
  await t.close();
});

describe('the checklist', () => {
  it('lists every step in order; steps with no source yet are not complete; profile and availability follow the data', async () => {
    const provider = await t.signUp('provider');
    const before = (await t.api('GET', '/provider/verification', provider)).json().data as ProviderVerification;
    expect(before).toEqual({
      status: 'not_submitted',
      steps: ['profile', 'credentials', 'insurance', 'fees', 'availability', 'licenseStates', 'bankDetails'].map(
        (key) => ({ key, complete: false }),
      ),
      completed: 0,
      total: 7,
      submittedAt: null,
      decidedAt: null,
      changes: [],
      suspendedReason: null,
    });
    await t.api('POST', '/provider/setup', provider, await fx.providerInfo());
    // An unavailable week is not availability.
    await t.api('POST', '/provider-availability/days/default', provider, {
      days: week().map((d) => ({ ...d, isAvailable: false, timeSlotsInterval: [] })),
    });
    let now = (await t.api('GET', '/provider/verification', provider)).json().data as ProviderVerification;
    expect(now.steps.filter((s) => s.complete).map((s) => s.key)).toEqual(['profile']);
    await t.api('POST', '/provider-availability/days/default', provider, { days: week() });
    now = (await t.api('GET', '/provider/verification', provider)).json().data as ProviderVerification;
    expect(now.steps.filter((s) => s.complete).map((s) => s.key)).toEqual(['profile', 'availability']);
    expect(now.completed).toBe(2);
  });

  it('counts an available custom day from today on as availability', async () => {
    const provider = await t.signUp('provider');
    await t.api('POST', '/provider-availability/days/custom', provider, {
      date: '2026-03-25',
      isAvailable: true,
      timeSlotsInterval: [{ startTime: '10:00', endTime: '12:00' }],
    });
    const now = (await t.api('GET', '/provider/verification', provider)).json().data as ProviderVerification;
    expect(now.steps.find((s) => s.key === 'availability')!.complete).toBe(true);
  });
});

describe('submission', () => {
  it('refuses an incomplete checklist with the missing steps named (en and de), and changes nothing', async () => {
    const provider = await providerWithProfileAndAvailability();
    const res = await t.api('PUT', '/provider/verification-submission', provider);
    const missing = `${en.setupStepCredentials}, ${en.setupStepInsurance}, ${en.setupStepFees}, ${en.setupStepLicenseStates}, ${en.setupStepBankDetails}`;
    expectError(res, 400, {
      message: en.verificationIncomplete.replace('{steps}', missing),
      code: 'VALIDATION_ERROR',
      errors: [
        en.setupStepCredentials,
        en.setupStepInsurance,
        en.setupStepFees,
        en.setupStepLicenseStates,
        en.setupStepBankDetails,
      ],
    });
    const german = await t.request({
      method: 'PUT',
      url: '/api/v1/provider/verification-submission',
      headers: { ...provider.auth, 'x-locale': 'de' },
    });
    expect(german.statusCode).toBe(400);
    expect(german.json().message).toBe(
      de.verificationIncomplete.replace(
        '{steps}',
        `${de.setupStepCredentials}, ${de.setupStepInsurance}, ${de.setupStepFees}, ${de.setupStepLicenseStates}, ${de.setupStepBankDetails}`,
      ),
    );
    expect(await t.count('provider_verifications', { provider_id: provider.userId })).toBe(0);

    const bare = await t.signUp('provider');
    const none = await t.api('PUT', '/provider/verification-submission', bare);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([
      en.setupStepProfile,
      en.setupStepCredentials,
      en.setupStepInsurance,
      en.setupStepFees,
      en.setupStepAvailability,
      en.setupStepLicenseStates,
      en.setupStepBankDetails,
    ]);
    expect(await t.count('provider_verifications')).toBe(0);
  });

  it('accepts a complete checklist; a second submission while under review changes nothing', async () => {
    const provider = await providerWithProfileAndAvailability();
    const first = await full.submit(actorOf(provider), 'en');
    expect(first).toMatchObject({ status: 'submitted', completed: 7, total: 7, decidedAt: null });
    const { rows: before } = await t.db.$client.query('SELECT * FROM provider_verifications WHERE provider_id = $1', [
      provider.userId,
    ]);
    t.clock.advance(60_000);
    const again = await full.submit(actorOf(provider), 'en');
    expect(again.submittedAt).toBe(first.submittedAt);
    const { rows: after } = await t.db.$client.query('SELECT * FROM provider_verifications WHERE provider_id = $1', [
      provider.userId,
    ]);
    expect(after).toEqual(before);
    expect((await t.api('GET', '/provider/verification', provider)).json().data.status).toBe('submitted');
  });

  it('is for providers: a client and an operator get 403, nobody 401', async () => {
    const client = await t.signUp('client');
    const operator = await t.signUpOperator();
    for (const who of [client, operator]) {
      expect((await t.api('PUT', '/provider/verification-submission', who)).statusCode).toBe(403);
      expect((await t.api('GET', '/provider/verification', who)).statusCode).toBe(403);
      expect((await t.api('GET', '/provider/qualification/verification-note', who)).statusCode).toBe(403);
    }
    expect((await t.api('GET', '/provider/verification', undefined)).statusCode).toBe(401);
  });
});

describe('the operator review', () => {
  let operator: SignedUp;
  beforeAll(async () => {
    operator = await t.signUpOperator();
  });

  it('lists submitted practices oldest first, and nothing else', async () => {
    const older = await submittedProvider();
    t.clock.advance(60_000);
    const newer = await submittedProvider();
    const notSubmitted = await providerWithProfileAndAvailability();
    const res = await t.api('GET', '/operator/verifications', operator);
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json().data as VerificationQueueItem[]).map((i) => i.providerIdentifier);
    expect(ids.indexOf(older.userId)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(older.userId)).toBeLessThan(ids.indexOf(newer.userId));
    expect(ids).not.toContain(notSubmitted.userId);
    const item = (res.json().data as VerificationQueueItem[]).find((i) => i.providerIdentifier === newer.userId)!;
    expect(item).toMatchObject({ email: newer.email, firstName: 'Theodora', lastName: 'Okafor-Smith' });
  });

  it('opens a submitted practice (summary and documents); any other provider is 404', async () => {
    const provider = await submittedProvider();
    const res = await t.api('GET', `/operator/verifications/${provider.userId}`, operator);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      email: provider.email,
      provider: { identifier: provider.userId, firstName: 'Theodora' },
      documents: [],
    });
    const notSubmitted = await providerWithProfileAndAvailability();
    expectError(await t.api('GET', `/operator/verifications/${notSubmitted.userId}`, operator), 404, {
      message: en.notFound,
      code: 'NOT_FOUND',
    });
    expect(
      (await t.api('GET', '/operator/verifications/00000000-0000-7000-8000-000000000000', operator)).statusCode,
    ).toBe(404);
  });

  it('approves: the provider is approved, told by mail in their language, and leaves the queue', async () => {
    const provider = await submittedProvider();
    await t.db.$client.query("UPDATE users SET locale = 'de' WHERE identifier = $1", [provider.userId]);
    const res = await t.api('POST', `/operator/verifications/${provider.userId}/approve`, operator, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: { providerIdentifier: provider.userId, status: 'approved', note: null },
      message: en.verificationApproved,
    });
    expect(await rowOf(provider.userId)).toEqual({ status: 'approved', note: null, decided_by: operator.userId });
    const mail = await t.mail.waitFor(provider.email, (m) => m.subject === 'Deine Praxis ist verifiziert');
    expect(mail.text).toContain(`${t.config.appOrigin}/practice`);
    expect((await t.api('GET', '/provider/verification', provider)).json().data.status).toBe('approved');
    const queue = (await t.api('GET', '/operator/verifications', operator)).json().data as VerificationQueueItem[];
    expect(queue.map((i) => i.providerIdentifier)).not.toContain(provider.userId);
    // Deciding again: the practice is no longer under review, 404, nothing changes.
    expectError(
      await t.api('POST', `/operator/verifications/${provider.userId}/reject`, operator, { note: 'late' }),
      404,
      { message: en.notFound, code: 'NOT_FOUND' },
    );
    expect(await rowOf(provider.userId)).toEqual({ status: 'approved', note: null, decided_by: operator.userId });
    // An approved practice stays approved: submitting again is refused and changes nothing.
    expect(await full.submit(actorOf(provider), 'en').catch((e: { statusCode: number }) => e.statusCode)).toBe(409);
  });

  it('rejects with a note, which the provider reads; they may submit again', async () => {
    const provider = await submittedProvider();
    const res = await t.api('POST', `/operator/verifications/${provider.userId}/reject`, operator, {
      note: '  Please upload a readable licence.  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rejected', note: 'Please upload a readable licence.' });
    const mail = await t.mail.waitFor(
      provider.email,
      (m) => m.subject === 'Your practice needs changes before it can be verified',
    );
    expect(mail.text).toContain('Please upload a readable licence.');
    const note = await t.api('GET', '/provider/qualification/verification-note', provider);
    expect(note.json().data).toMatchObject({ status: 'rejected', note: 'Please upload a readable licence.' });
    expect((await full.submit(actorOf(provider), 'en')).status).toBe('submitted');
    expect((await t.api('GET', '/provider/qualification/verification-note', provider)).json().data).toMatchObject({
      status: 'submitted',
      note: 'Please upload a readable licence.',
      decidedAt: null,
    });
  });

  it('refuses a rejection without a note (400, nothing changes, no mail)', async () => {
    const provider = await submittedProvider();
    for (const body of [{}, { note: '' }, { note: '   ' }]) {
      expectError(
        await t.api('POST', `/operator/verifications/${provider.userId}/reject`, operator, body),
        400,
        validation(en.verificationNoteRequired),
      );
    }
    expectError(
      await t.api('POST', `/operator/verifications/${provider.userId}/reject`, operator, { note: 'x'.repeat(2001) }),
      400,
      validation(en.verificationNoteTooLong),
    );
    expect(await rowOf(provider.userId)).toEqual({ status: 'submitted', note: null, decided_by: null });
    await t.mailSettled();
    expect(
      t.mail.mails.filter((m) => m.to.includes(provider.email.toLowerCase()) && /practice/i.test(m.subject)),
    ).toEqual([]);
  });

  it('operator routes are for operators: a provider (also on their own practice) and a client get 403, nobody 401', async () => {
    const provider = await submittedProvider();
    const client = await t.signUp('client');
    for (const who of [provider, client]) {
      expect((await t.api('GET', '/operator/verifications', who)).statusCode).toBe(403);
      expect((await t.api('GET', `/operator/verifications/${provider.userId}`, who)).statusCode).toBe(403);
      expect((await t.api('POST', `/operator/verifications/${provider.userId}/approve`, who, {})).statusCode).toBe(403);
      expect(
        (await t.api('POST', `/operator/verifications/${provider.userId}/reject`, who, { note: 'no' })).statusCode,
      ).toBe(403);
    }
    expect((await t.api('POST', `/operator/verifications/${provider.userId}/approve`, undefined, {})).statusCode).toBe(
      401,
    );
    expect(await rowOf(provider.userId)).toEqual({ status: 'submitted', note: null, decided_by: null });
  });
});

describe('only verified providers offer slots', () => {
  it('an unverified provider offers no slots; once approved the same calendar offers them', async () => {
    const provider = await submittedProvider();
    await t.api('PUT', '/provider-availability/settings', provider, {
      timezone: 'Europe/Berlin',
      sessionLengthMinutes: 60,
      bufferMinutes: 0,
      minimumNoticeHours: 0,
    });
    const slots = async () =>
      (
        (await t.api('GET', `/providers-availability/${provider.userId}/timeslot/2026-03-30`, undefined)).json().data
          .items as Array<{ timeSlot: unknown[] }>
      ).flatMap((i) => i.timeSlot).length;
    expect(await slots()).toBe(0);
    const operator = await t.signUpOperator();
    expect((await t.api('POST', `/operator/verifications/${provider.userId}/approve`, operator, {})).statusCode).toBe(
      200,
    );
    await expect.poll(slots, { timeout: 5000 }).toBe(3);
  });
});

describe('operators', () => {
  it('sign in with email and password and get their own account; client and provider routes answer 403', async () => {
    const operator = await t.signUpOperator();
    expect(operator.session.user.userType).toBe('operator');
    const info = await t.api('GET', '/user/info', operator);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data).toMatchObject({ userType: 'operator', email: operator.email });
    for (const url of ['/client', '/provider', '/provider-availability/settings', '/provider/verification']) {
      expect((await t.api('GET', url, operator)).statusCode, url).toBe(403);
    }
  });

  it('can never be made by the public sign-up', async () => {
    const res = await t.api('POST', '/user/register', undefined, {
      userType: 'operator',
      firstName: 'O',
      lastName: 'P',
      email: 'op@example.com',
      password: 'Gentle-River-42',
      confirmPassword: 'Gentle-River-42',
      acceptTerms: true,
    });
    expect(res.statusCode).toBe(400);
    expect(await t.count('users', { user_type: 'operator', email: 'op@example.com' })).toBe(0);
  });
});
