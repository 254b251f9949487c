import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { multipart, png } from '../../../test/profile-test-helpers.ts';
import { REDACTED, redactSecrets } from './log-redaction.ts';

/** Issue 45: links that are their own key never reach a log line whole. */
let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await buildTestApp(
    { LOG_LEVEL: 'trace' },
    { logger: true, logStream: { write: (line: string) => void lines.push(line) } },
  );
});
afterAll(async () => t.close());

const get = (url: string) => t.request({ method: 'GET', url });

describe('request logs', () => {
  it('hold no calendar feed token, file or export signature, invitation or link token', async () => {
    const client = await t.signUp('client');
    const feed = await t.api('GET', '/calendar/feed', client);
    expect(feed.statusCode, feed.body).toBe(200);
    const feedPath = new URL(feed.json().data.url as string).pathname;
    const feedToken = /\/calendar\/feed\/([^/]+)\.ics$/.exec(feedPath)![1]!;
    expect(feedToken.length).toBeGreaterThan(20);

    const body = multipart(await png(300));
    const upload = await t.request({
      method: 'POST',
      url: '/api/v1/client/profile-picture',
      headers: { ...client.auth, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const fileUrl = upload.json().data.photoUrl as string;
    const fileSignature = new URL(fileUrl, 'http://x').searchParams.get('signature')!;
    expect(fileSignature.length).toBeGreaterThan(20);

    lines.length = 0;
    expect((await get(feedPath)).statusCode).toBe(200);
    expect((await get(fileUrl)).statusCode).toBe(200);
    // A made-up feed token and a forged signature are logged no more than real ones.
    expect((await get('/api/v1/calendar/feed/NotARealFeedToken0123456789.ics')).statusCode).toBe(404);
    const exportId = '0190a0b0-0000-7000-8000-000000000001';
    const download = await t.request({
      method: 'GET',
      url: `/api/v1/user/export/${exportId}/download?expires=4102444800&signature=ExportSignature0123456789`,
      headers: client.auth,
    });
    expect(download.statusCode).toBe(404);
    // Pages whose address carries a key (the web app's routes: not served here, so a 404, logged all the same).
    await get('/invitation/InvitationToken0123456789abcdef');
    await get('/verify-email?token=VerifyToken0123456789abcdef');
    await get('/account/export/0190a0b0-0000-7000-8000-000000000001?expires=4102444800&signature=PageSig0123456789');

    const out = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of [
      feedToken,
      fileSignature,
      'NotARealFeedToken0123456789',
      'ExportSignature0123456789',
      'InvitationToken0123456789abcdef',
      'VerifyToken0123456789abcdef',
      'PageSig0123456789',
    ])
      expect(out).not.toContain(secret);
    // What is left says what was asked for.
    expect(out).toContain(`"url":"/api/v1/calendar/feed/${REDACTED}.ics"`);
    expect(out).toMatch(/"url":"\/api\/v1\/files\/[0-9a-f-]{36}\?expires=\d+&signature=\[redacted\]"/);
    expect(out).toContain(`/api/v1/user/export/${exportId}/download?expires=4102444800&signature=${REDACTED}`);
    expect(out).toContain(`"url":"/invitation/${REDACTED}"`);
    expect(out).toContain(`"url":"/verify-email?token=${REDACTED}"`);
  });
});

describe('redactSecrets', () => {
  it.each([
    ['/api/v1/calendar/feed/abc_DEF-123.ics', `/api/v1/calendar/feed/${REDACTED}.ics`],
    ['/api/v1/calendar/feed/abc%2E.ics?x=1', `/api/v1/calendar/feed/${REDACTED}.ics?x=1`],
    ['Route GET:/api/v1/calendar/feed/abc not found', `Route GET:/api/v1/calendar/feed/${REDACTED} not found`],
    ['/api/v1/files/f?expires=1&signature=a%2Bb', `/api/v1/files/f?expires=1&signature=${REDACTED}`],
    ['/reset-password?token=t0k', `/reset-password?token=${REDACTED}`],
    [
      '/api/v1/user/oidc/google/callback?state=s1&code=c2',
      `/api/v1/user/oidc/google/callback?state=s1&code=${REDACTED}`,
    ],
    ['/invitation/tok?x=1', `/invitation/${REDACTED}?x=1`],
    // Not secrets: untouched.
    ['/api/v1/clients/invitations/accept', '/api/v1/clients/invitations/accept'],
    ['/api/v1/calendar/feed/reset', '/api/v1/calendar/feed/reset'],
    ['/api/v1/therapists?state=CA&page=2', '/api/v1/therapists?state=CA&page=2'],
  ])('%s', (input, expected) => {
    expect(redactSecrets(input)).toBe(expected);
  });
});
