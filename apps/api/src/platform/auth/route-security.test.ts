import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../../test/assertions.ts';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let operations: Array<{ method: string; path: string; secured: boolean }>;

interface OpenApiDoc {
  paths: Record<string, Record<string, { security?: unknown[] }>>;
}

beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.request({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json() as OpenApiDoc;
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        secured: Array.isArray(op.security) && op.security.length > 0,
      })),
  );
});
afterAll(async () => t.close());

const unauthorized = { message: 'Please sign in to continue', code: 'UNAUTHORIZED_ACCESS' };

/**
 * Every route that answers without a token, on purpose. A new route that forgets `security` (and so, most likely,
 * its auth hook) lands outside this list and fails the test below. (Routes hidden from the document, such as the
 * OIDC redirects and /dev/mailbox, are public by design and not listed.)
 */
const PUBLIC = [
  'GET /api/v1/health',
  'GET /api/v1/ready',
  'GET /api/v1/app-config',
  'POST /api/v1/user/register',
  'POST /api/v1/user/login',
  'POST /api/v1/user/token/refresh',
  'POST /api/v1/user/logout',
  'POST /api/v1/user/register/verify',
  'POST /api/v1/user/register/request-verification',
  'POST /api/v1/user/request-password-reset',
  'POST /api/v1/user/password-reset',
  'GET /api/v1/region/country',
  'GET /api/v1/region/country/{id}/states',
  'GET /api/v1/region/country/code/{code}/states',
  'GET /api/v1/region/languages',
  'GET /api/v1/region/user-timezone',
  'GET /api/v1/reference/{list}',
  'GET /api/v1/files/{id}',
  'GET /api/v1/providers/{providerId}',
  'GET /api/v1/review/provider/{id}',
  'GET /api/v1/therapists',
  'GET /api/v1/therapists/{providerId}',
  'GET /api/v1/providers-availability/{providerId}/timeslot',
  'GET /api/v1/providers-availability/{providerId}/timeslot/{date}',
  'POST /api/v1/payment/webhook/{gateway}',
  'GET /api/v1/payment/sandbox/checkout/{reference}',
  'POST /api/v1/payment/sandbox/checkout/{reference}/pay',
  'POST /api/v1/payment/sandbox/checkout/{reference}/decline',
  'POST /api/v1/payment/sandbox/transfer',
  // The sandbox's transfer desk (decision 0022): like its checkout pages, only where the sandbox takes payouts.
  'POST /api/v1/payment/sandbox/payouts/{reference}/{outcome}',
  // The calendar feed (issue 19): calendar apps read it without a session; its long random token is the key.
  'GET /api/v1/calendar/feed/{token}.ics',
  // A questionnaire for a client without an account (issue 47, decision 0053): the one-time mailed link is the key.
  'GET /api/v1/measures/links/{token}',
  'POST /api/v1/measures/links/{token}/answers',
  // The contact form (issue 49): visitors write without an account; limited per address and per recipient.
  'POST /api/v1/contact',
  // RFC 8058 one-click unsubscribe (issue 49, decision 0064): the mail client posts without a session; the signed
  // token names the account and kind. The GET only sends a browser to the preferences page.
  'POST /api/v1/mail/unsubscribe/{token}',
  'GET /api/v1/mail/unsubscribe/{token}',
].sort();

/** Garbage in every path parameter: the token check must come before the parameters are looked at. */
const garbagePath = (path: string) => path.replace(/\{[^}]+\}/g, '%00not-an-id%22');

describe('route security', () => {
  it('the routes without `security` in the OpenAPI document are exactly the public ones', () => {
    const open = operations
      .filter((o) => !o.secured)
      .map((o) => `${o.method} ${o.path}`)
      .sort();
    expect(open).toEqual(PUBLIC);
  });

  it('every private route answers 401 without a token, before it looks at the body or the path', async () => {
    const secured = operations.filter((o) => o.secured);
    expect(secured.length).toBeGreaterThan(30);
    for (const op of secured) {
      const res = await t.request({
        method: op.method as 'GET',
        url: garbagePath(op.path),
        headers: { 'content-type': 'application/json' },
        ...(op.method === 'GET' ? {} : { payload: '{"garbage": [1, 2' }),
      });
      expect(`${op.method} ${op.path} -> ${res.statusCode}`).toBe(`${op.method} ${op.path} -> 401`);
      expectError(res, 401, unauthorized);
    }
  });

  it("a deleted account's token is refused on every private route", async () => {
    const client = await t.signUp('client');
    const provider = await t.signUp('provider');
    for (const who of [client, provider]) {
      const del = await t.request({
        method: 'DELETE',
        url: '/api/v1/user/profile/delete-account',
        headers: who.auth,
        payload: { password: who.password },
      });
      expect(del.statusCode, del.body).toBe(200);
    }
    for (const op of operations.filter((o) => o.secured)) {
      for (const who of [client, provider]) {
        const res = await t.request({
          method: op.method as 'GET',
          url: garbagePath(op.path),
          headers: { ...who.auth, 'content-type': 'application/json' },
          ...(op.method === 'GET' ? {} : { payload: '{}' }),
        });
        expect(`${op.method} ${op.path} -> ${res.statusCode}`).toBe(`${op.method} ${op.path} -> 401`);
      }
    }
    // The route that answered for a deleted user before: a timeslot check with a well-formed path.
    expectError(
      await t.request({ method: 'GET', url: '/api/v1/provider-availability/timeslot/abc', headers: client.auth }),
      401,
      unauthorized,
    );
  });
});
