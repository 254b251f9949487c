import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, validation } from '../../../test/assertions.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const putPrefs = (u: SignedUp, payload: unknown) =>
  t.request({ method: 'PUT', url: '/api/v1/user/preferences', headers: u.auth, payload: payload as object });
const setTz = (u: SignedUp, timezone: unknown) =>
  t.request({ method: 'POST', url: '/api/v1/user/timezone', headers: u.auth, payload: { timezone } });
const getTz = (u: SignedUp) => t.request({ method: 'GET', url: '/api/v1/user/timezone', headers: u.auth });
const userRow = (id: string) => t.userRow(id);

describe('preferences', () => {
  it('saves locale and country', async () => {
    const user = await t.signUp('client');
    const res = await putPrefs(user, { locale: 'de', countryCode: 'DE' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Data saved successfully');
    expect(res.json().data).toMatchObject({ identifier: user.userId, locale: 'de', countryCode: 'DE' });
    expect(await userRow(user.userId)).toMatchObject({ locale: 'de', country_code: 'DE' });
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/user/info', headers: user.auth })).json().data,
    ).toMatchObject({ locale: 'de', countryCode: 'DE' });
  });

  it('mail then goes out in the chosen locale', async () => {
    const user = await t.signUp('provider');
    expect((await putPrefs(user, { locale: 'de' })).statusCode).toBe(200);
    await t.request({ method: 'POST', url: '/api/v1/user/request-password-reset', payload: { email: user.email } });
    const mail = await t.mail.waitFor(user.email, (m) => m.subject.startsWith('Setze'));
    expect(mail.subject).toBe('Setze dein Passwort zurück');
    expect(mail.text).toMatch(/^Hallo Theo,/);
  });

  it('one field at a time, and an empty body changes nothing', async () => {
    const user = await t.signUp('client');
    expect((await putPrefs(user, { countryCode: 'GB' })).json().data).toMatchObject({
      locale: 'en',
      countryCode: 'GB',
    });
    const before = await userRow(user.userId);
    const res = await putPrefs(user, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ locale: 'en', countryCode: 'GB' });
    expect(await userRow(user.userId)).toEqual(before);
  });

  it.each([
    ['an unknown country', { locale: 'de', countryCode: 'XX' }, 'Country  is required'],
    ['a lowercase country', { countryCode: 'de' }, 'Country  is required'],
    ['a country name', { countryCode: 'Germany' }, 'Country  is required'],
    ['an unsupported locale', { locale: 'fr', countryCode: 'DE' }, 'Choose a supported language'],
  ])('%s is 400 and changes nothing', async (_name, payload, msg) => {
    const user = await t.signUp('client');
    const before = await userRow(user.userId);
    expectError(await putPrefs(user, payload), 400, validation(msg));
    expect(await userRow(user.userId)).toEqual(before);
  });

  it('unknown fields are refused', async () => {
    const user = await t.signUp('client');
    const before = await userRow(user.userId);
    expectError(
      await putPrefs(user, { locale: 'de', email: 'other@example.com' }),
      400,
      validation('Unknown field: email'),
    );
    expect(await userRow(user.userId)).toEqual(before);
  });

  it('requires a signed-in user', async () => {
    expectError(await t.request({ method: 'PUT', url: '/api/v1/user/preferences', payload: { locale: 'de' } }), 401, {
      message: 'Please sign in to continue',
      code: 'UNAUTHORIZED_ACCESS',
    });
  });
});

describe('time zone', () => {
  it('starts empty, takes an IANA zone, and reads it back', async () => {
    const user = await t.signUp('provider');
    expect((await getTz(user)).json()).toEqual({ data: { timezone: null } });
    const res = await setTz(user, 'Europe/Berlin');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { timezone: 'Europe/Berlin' }, message: 'Data saved successfully' });
    expect((await getTz(user)).json()).toEqual({ data: { timezone: 'Europe/Berlin' } });
    expect((await userRow(user.userId)).timezone).toBe('Europe/Berlin');
    expect((await setTz(user, 'UTC')).statusCode).toBe(200);
    expect((await setTz(user, 'America/New_York')).statusCode).toBe(200);
    expect((await userRow(user.userId)).timezone).toBe('America/New_York');
  });

  it.each([
    ['a made-up zone', 'Mars/Olympus'],
    ['an empty string', ''],
    ['a number', 5],
    ['an offset', '+02:00'],
    ['a very long string', 'Europe/'.padEnd(200, 'x')],
  ])('%s is 400 and changes nothing', async (_name, tz) => {
    const user = await t.signUp('client');
    expect((await setTz(user, 'Europe/Berlin')).statusCode).toBe(200);
    const before = await userRow(user.userId);
    expectError(await setTz(user, tz), 400, validation('Choose a valid time zone'));
    expect(await userRow(user.userId)).toEqual(before);
  });

  it('German message with x-locale: de', async () => {
    const user = await t.signUp('client');
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/user/timezone',
      headers: { ...user.auth, 'x-locale': 'de' },
      payload: { timezone: 'Mars/Olympus' },
    });
    expectError(res, 400, validation('Wähle eine gültige Zeitzone'));
  });
});
