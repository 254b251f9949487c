import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DemoAccount } from './db/seed/seed-demo.ts';

/**
 * Demo bookings (issue 15), made the way a client makes them: through the app's own routes (in process, `inject`),
 * so the wallet, the ledger, the slots and the status history are exactly what real use leaves. The demo client books
 * three sessions from the therapist's calendar, topping up two sessions' worth in the fee's currency (euros) through
 * the sandbox checkout: one paid (confirmed), one paid and then cancelled more than 48 hours ahead (refunded to the
 * wallet), one left unpaid (pending, its hold runs out after 30 minutes as any would). Once only: a client who has
 * bookings is left alone. A session in the past cannot be booked, so there is no completed one until time passes.
 */
// The answers are read loosely: this is a script over the API, and a wrong shape fails it with a clear message.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { data: any; meta?: { total: number } };

export async function seedDemoBookings(
  app: FastifyInstance,
  accounts: DemoAccount[],
  log: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  const client = accounts.find((a) => a.userType === 'client');
  const provider = accounts.find((a) => a.userType === 'provider');
  if (!client || !provider?.identifier) return;
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    token?: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, json: res.json() as Answer };
  };
  const expectOk = (step: string, res: { status: number; json: Answer }) => {
    if (res.status >= 300)
      throw new Error(`demo bookings: ${step} answered ${res.status}: ${JSON.stringify(res.json)}`);
    return res;
  };
  try {
    const login = expectOk(
      'sign-in',
      await call('POST', '/user/login', undefined, { email: client.email, password: client.password }),
    );
    const token = login.json.data.accessToken as string;
    const mine = expectOk(
      'bookings',
      await call(
        'GET',
        '/booking?statuses=requested,pending,confirmed,completed,cancelled,rejected,expired&pageSize=1',
        token,
      ),
    );
    if ((mine.json.meta?.total ?? 0) > 0) return;

    const summary = expectOk('therapist', await call('GET', `/providers/${provider.identifier}`));
    const therapy = (summary.json.data.therapies as Array<{ identifier: string }>)[0]?.identifier;
    const modalities = expectOk('modalities', await call('GET', '/reference/modality')).json.data as Array<{
      identifier: string;
      code: string;
    }>;
    const online = modalities.find((m) => m.code === 'online')?.identifier;
    if (!therapy || !online) return;

    // Free times from four days on (past the 48-hour line, so the cancel is refunded).
    const calendar = expectOk(
      'calendar',
      await call('GET', `/providers-availability/${provider.identifier}/timeslot?timezone=UTC`),
    );
    const fourDays = Date.now() + 4 * 86_400_000;
    const slots = (calendar.json.data.items as Array<{ timeSlot: Array<{ identifier: string; startTime: string }> }>)
      .flatMap((d) => d.timeSlot)
      .filter((s) => Date.parse(s.startTime) > fourDays);
    const pick = [slots[0], slots[Math.min(slots.length - 1, 7)], slots[Math.min(slots.length - 1, 14)]];
    if (pick.some((s) => !s) || new Set(pick).size < 3) return;
    const book = async (slot: { identifier: string }, note: string) =>
      expectOk(
        'book',
        await call('POST', '/booking', token, {
          therapyIdentifier: therapy,
          modalityIdentifier: online,
          timeslotIdentifier: slot.identifier,
          note,
        }),
      ).json.data.identifier as string;
    const pay = async (id: string) =>
      expectOk(
        'pay',
        await call('POST', `/booking/${id}/pay`, token, undefined, { 'idempotency-key': `demo-pay-${id}` }),
      );

    const confirmed = await book(pick[0]!, 'I would like to talk about stress at work.');
    const price = expectOk('booking', await call('GET', `/booking/${confirmed}`, token)).json.data.price as {
      amount: number;
      currencyCode: string;
    };
    // Two sessions' worth in the fee's currency, paid through the sandbox checkout; credited by its webhook.
    const topup = expectOk(
      'top-up',
      await call(
        'POST',
        '/payment/wallet',
        token,
        { amount: 2 * price.amount, currencyCode: price.currencyCode },
        { 'idempotency-key': `demo-topup-${crypto.randomUUID()}` },
      ),
    );
    const reference = topup.json.data.payment.reference as string;
    await app.inject({ method: 'POST', url: `/api/v1/payment/sandbox/checkout/${encodeURIComponent(reference)}/pay` });
    for (let i = 0; i < 40; i += 1) {
      const balance = await call('GET', `/wallet/balance?currency=${price.currencyCode}`, token);
      if ((balance.json.data?.balance ?? 0) >= 2 * price.amount) break;
      await new Promise((r) => setTimeout(r, 250));
    }

    await pay(confirmed);
    const cancelled = await book(pick[1]!, 'A follow-up session.');
    await pay(cancelled);
    expectOk(
      'cancel',
      await call('POST', `/booking/${cancelled}/cancel`, token, {
        note: 'Something came up at work; I will book again.',
      }),
    );
    await book(pick[2]!, 'Maybe a third session.');
  } catch (err) {
    // The demo must start even if this part fails (e.g. a calendar without free times): it says why and goes on.
    log.warn({ err }, 'demo bookings were not made');
  }
}
