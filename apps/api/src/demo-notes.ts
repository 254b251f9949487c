import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DemoAccount } from './db/seed/seed-demo.ts';

/**
 * Demo notes and clients (issue 17), made through the app's own routes like the demo bookings: the demo provider
 * writes a session note on the demo client's first booking and a client note about her (sealed at rest like any
 * note), and adds two clients by hand (practice records, decision 0053), one with a note. Once only: a provider who has notes about the demo client is left alone.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { data: any; meta?: { total: number } };

const multipart = (fields: Record<string, string>) => {
  const boundary = `----demo${crypto.randomBytes(8).toString('hex')}`;
  const body = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  return { payload: `${body}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
};

export async function seedDemoNotes(
  app: FastifyInstance,
  accounts: DemoAccount[],
  log: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  const client = accounts.find((a) => a.userType === 'client');
  const provider = accounts.find((a) => a.userType === 'provider');
  if (!client?.identifier || !provider) return;
  const call = async (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown, contentType?: string) => {
    const res = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers: {
        'user-agent': 'Therapy Finder demo set-up',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
    if (res.statusCode >= 300) throw new Error(`demo notes: ${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.json() as Answer;
  };
  const note = (token: string, fields: Record<string, string>) => {
    const body = multipart(fields);
    return call('POST', '/note', token, body.payload, body.contentType);
  };
  try {
    const token = (await call('POST', '/user/login', undefined, { email: provider.email, password: provider.password }))
      .data.accessToken as string;
    // Only a provider whose client she is (the demo bookings make her one) writes about her.
    const relation = await app.inject({
      method: 'GET',
      url: `/api/v1/clients/relation/${client.identifier}`,
      headers: { 'user-agent': 'Therapy Finder demo set-up', authorization: `Bearer ${token}` },
    });
    if (relation.statusCode !== 200) return;
    const existing = await call('GET', `/note/client/${client.identifier}?pageSize=1`, token);
    if ((existing.meta?.total ?? 0) > 0) return;
    const bookings = await call('GET', `/appointment/client/${client.identifier}?pageSize=10`, token);
    const first = (bookings.data as Array<{ identifier: string; status: string }>).find(
      (b) => b.status === 'confirmed',
    );
    if (first) {
      await note(token, {
        type: 'booking',
        reference: first.identifier,
        title: 'Before the first session',
        content: 'Amara asked to talk about stress at work. Plan: intake, sleep and workload, agree on goals.',
      });
    }
    await note(token, {
      type: 'client',
      reference: client.identifier,
      title: 'Background',
      content: 'Prefers online sessions in the evening. Lives in Lagos; speaks English.',
    });
    await call('POST', '/clients/import/manual', token, {
      firstName: 'Jonas',
      lastName: 'Weber',
      email: 'jonas.weber@example.com',
      phoneNumber: '01701234567',
    });
    // A client without an account (decision 0053): her record has a note from the first call.
    const sofia = await call('POST', '/clients/import/manual', token, {
      firstName: 'Sofia',
      lastName: 'Brandt',
      email: 'sofia.brandt@example.com',
    });
    await note(token, {
      type: 'client',
      reference: sofia.data.identifier as string,
      title: 'First call',
      content: 'Referred by her GP. Would like sessions in person in Berlin and pays privately.',
    });
  } catch (err) {
    log.warn({ err }, 'demo notes were not made');
  }
}
