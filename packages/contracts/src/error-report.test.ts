import { describe, expect, it } from 'vitest';
import { scrubErrorEvent } from './error-report.ts';

describe('scrubErrorEvent', () => {
  it('keeps method and path, drops user, body, cookies, headers, query and breadcrumbs, masks e-mails and query params', () => {
    const event = scrubErrorEvent({
      message: 'failed for ada@example.com',
      user: { id: 'u1', email: 'ada@example.com', ip_address: '10.0.0.1' },
      request: {
        method: 'POST',
        url: 'https://x.test/api/v1/user/login?email=ada@example.com#f',
        data: '{"password":"p"}',
        cookies: { a: 'b' },
        headers: { authorization: 'Bearer t' },
        query_string: 'email=ada',
      } as never,
      exception: {
        values: [
          { value: 'Key (email)=(ada@example.com) already exists' },
          { value: 'Failed query: select 1\nparams: Ada,+2348012345678' },
        ],
      },
      breadcrumbs: [{ message: 'GET /x?token=1' }],
    });
    expect(event).toEqual({
      message: 'failed for [email]',
      request: { method: 'POST', url: 'https://x.test/api/v1/user/login' },
      exception: {
        values: [
          { value: 'Key (email)=([email]) already exists' },
          { value: 'Failed query: select 1\nparams: [removed]' },
        ],
      },
    });
  });
});
