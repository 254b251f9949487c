import { signUp, callJson, expectStatus } from '../lib/accounts.ts';
import { load } from '../lib/load.ts';
import type { BenchContext, Figures } from '../lib/types.ts';
import { CONNECTIONS, measureHealth } from './api-health.ts';

export const name = 'slots.http';
export const description =
  'GET /api/v1/providers-availability/{providerId}/timeslot (60 days of slots) at 50 connections, and its ratio to health';

interface Calendar {
  data: {
    items: Array<{
      date: { date: string; isAvailable: boolean };
      timeSlot: Array<{ identifier: string; startTime: string; endTime: string }>;
    }>;
  };
}

const weekdays = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
const interval = (startTime: string, endTime: string) => ({ startTime, endTime });
const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A provider of its own with the plan of the engine scenario: weekdays 09-12 and 13-18, Saturday 10-14, custom days;
 * approved by the operator (written directly, first: only verified providers offer slots, decision 0026).
 */
async function providerWithPlan(ctx: BenchContext): Promise<string> {
  const base = ctx.url;
  const provider = await signUp(base, 'provider', 'slots');
  await ctx.query(
    `INSERT INTO provider_verifications (provider_id, status, submitted_at, decided_at) VALUES ($1, 'approved', now(), now())`,
    [provider.identifier],
  );
  const api = `${base}/api/v1`;
  const settings = { timezone: 'Europe/Berlin', sessionLengthMinutes: 60, bufferMinutes: 10, minimumNoticeHours: 12 };
  expectStatus(
    'PUT provider-availability/settings',
    await callJson(`${api}/provider-availability/settings`, 'PUT', settings, provider.accessToken),
    200,
  );
  const days = weekdays.map((identifier, i) => ({
    identifier,
    isAvailable: i < 6,
    timeSlotsInterval: i < 5 ? [interval('09:00', '12:00'), interval('13:00', '18:00')] : [interval('10:00', '14:00')],
  }));
  expectStatus(
    'POST provider-availability/days/default',
    await callJson(`${api}/provider-availability/days/default`, 'POST', { days }, provider.accessToken),
    200,
  );
  const custom = [
    { date: dateIn(3), isAvailable: true, timeSlotsInterval: [interval('08:00', '11:00'), interval('14:00', '20:00')] },
    { date: dateIn(9), isAvailable: false, timeSlotsInterval: [] },
    { date: dateIn(16), isAvailable: true, timeSlotsInterval: [interval('10:00', '16:00')] },
    {
      date: dateIn(30),
      isAvailable: true,
      timeSlotsInterval: [interval('07:00', '09:00'), interval('17:00', '21:00')],
    },
    { date: dateIn(45), isAvailable: false, timeSlotsInterval: [] },
  ];
  for (const day of custom) {
    expectStatus(
      `POST provider-availability/days/custom ${day.date}`,
      await callJson(`${api}/provider-availability/days/custom`, 'POST', day, provider.accessToken),
      201,
    );
  }
  return provider.identifier;
}

export async function run(ctx: BenchContext): Promise<Figures> {
  const health = ctx.figures['api.health.rps'] ?? (await measureHealth(ctx));
  const providerId = await providerWithPlan(ctx);
  const url = `${ctx.url}/api/v1/providers-availability/${providerId}/timeslot`;

  // Fail loudly when the answer is not a calendar with slots: a fast empty answer is not throughput.
  const answer = await callJson(url, 'GET');
  expectStatus(`GET ${url}`, answer, 200);
  const items = (answer.json as Partial<Calendar> | undefined)?.data?.items;
  const slots = Array.isArray(items) ? items.reduce((sum, item) => sum + (item.timeSlot?.length ?? 0), 0) : 0;
  if (slots === 0)
    throw new Error(`slots.http: GET ${url} offers no slot: ${JSON.stringify(answer.json).slice(0, 500)}`);
  const bytes = JSON.stringify(answer.json).length;
  ctx.log(`slots.http: ${items!.length} dates, ${slots} slots, ${(bytes / 1024).toFixed(0)} KiB per answer`);

  await load({ url, connections: CONNECTIONS, duration: 1, workers: 1 }); // warm-up
  const { rps } = await load({ url, connections: CONNECTIONS, duration: ctx.duration, workers: 1 });
  return { 'slots.http.rps': Math.round(rps), 'slots.http.ratio_to_health': Number((rps / health).toFixed(3)) };
}
