import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';

/**
 * The journeys' stand-in for a finished practice set-up (decision 0026), run in the global setup's process, which owns
 * the app's database: `POST /providers/<email>/verification/approved` makes a provider verified (as an operator's
 * approval leaves it), `.../submitted` puts their practice under review (as a submission with a complete checklist
 * does). Journeys that are about slots or the operator's review use it; the checklist itself is a journey of its own.
 * `POST /bookings/<id>/held` stands in for the clock (issue 16's review journey): the confirmed session moves to
 * yesterday and is `completed`, as the completion job leaves it (the escrow's money is not moved: no journey reads it).
 * `POST /bookings/<id>/starting-soon` moves a confirmed session to start in two minutes (the video room's journey).
 * `POST /bookings/<id>/ended` moves a confirmed session to have ended an hour ago and leaves it confirmed: the app's
 * own minute job then completes it and releases its money to the provider (issue 46's earnings journey).
 */
export async function startPracticeDesk(client: pg.Pool): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const held = /^\/bookings\/([0-9a-f-]{36})\/held$/.exec(new URL(req.url ?? '/', 'http://localhost').pathname);
    if (req.method === 'POST' && held) {
      client
        .query(
          `WITH moved AS (
             UPDATE bookings SET starts_at = now() - interval '1 day', ends_at = now() - interval '1 day' + (ends_at - starts_at),
                    status = 'completed', previous_status = 'confirmed', completed_at = now()
              WHERE identifier = $1 AND status = 'confirmed' RETURNING identifier)
           INSERT INTO booking_status_history (identifier, booking_id, status, previous_status, actor, at)
           SELECT gen_random_uuid(), identifier, 'completed', 'confirmed', 'system', now() FROM moved RETURNING booking_id`,
          [held[1]],
        )
        .then((result) => res.writeHead(result.rowCount === 1 ? 200 : 404).end())
        .catch((err: unknown) => res.writeHead(500).end(String(err)));
      return;
    }
    const ended = /^\/bookings\/([0-9a-f-]{36})\/ended$/.exec(new URL(req.url ?? '/', 'http://localhost').pathname);
    if (req.method === 'POST' && ended) {
      client
        .query(
          `UPDATE bookings SET starts_at = now() - interval '2 hours', ends_at = now() - interval '2 hours' + (ends_at - starts_at) WHERE identifier = $1 AND status = 'confirmed'`,
          [ended[1]],
        )
        .then((result) => res.writeHead(result.rowCount === 1 ? 200 : 404).end())
        .catch((err: unknown) => res.writeHead(500).end(String(err)));
      return;
    }
    const soon = /^\/bookings\/([0-9a-f-]{36})\/starting-soon$/.exec(
      new URL(req.url ?? '/', 'http://localhost').pathname,
    );
    if (req.method === 'POST' && soon) {
      client
        .query(
          `UPDATE bookings SET starts_at = now() + interval '2 minutes', ends_at = now() + interval '2 minutes' + (ends_at - starts_at) WHERE identifier = $1 AND status = 'confirmed'`,
          [soon[1]],
        )
        .then((result) => res.writeHead(result.rowCount === 1 ? 200 : 404).end())
        .catch((err: unknown) => res.writeHead(500).end(String(err)));
      return;
    }
    const match = /^\/providers\/([^/]+)\/verification\/(approved|submitted)$/.exec(
      new URL(req.url ?? '/', 'http://localhost').pathname,
    );
    if (req.method !== 'POST' || !match) {
      res.writeHead(404).end();
      return;
    }
    const email = decodeURIComponent(match[1]!);
    const status = match[2]!;
    client
      .query(
        `INSERT INTO provider_verifications (provider_id, status, submitted_at, decided_at)
         SELECT identifier, $2::verification_status, now(), CASE WHEN $2 = 'approved' THEN now() END
           FROM users WHERE email = $1 AND user_type = 'provider' AND deleted_at IS NULL
         ON CONFLICT (provider_id) DO UPDATE SET status = EXCLUDED.status, submitted_at = EXCLUDED.submitted_at, decided_at = EXCLUDED.decided_at
         RETURNING provider_id`,
        [email, status],
      )
      .then(async (result) => {
        const providerId = result.rows[0]?.provider_id as string | undefined;
        if (providerId && status === 'approved') await approveHoldings(client, providerId);
        return result;
      })
      .then((result) =>
        res
          .writeHead(result.rowCount === 1 ? 200 : 404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ providerId: result.rows[0]?.provider_id ?? null })),
      )
      .catch((err: unknown) => res.writeHead(500).end(String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sets a provider's verification through the desk (from a test worker). Returns the provider's id. */
/**
 * What an operator's approval settles (issue 45): the states claimed so far and the documents, approved; a provider
 * with no licence or insurance on file gets an approved licence naming no state and an approved insurance record, so
 * they are listed in the states claimed before this call. States claimed later wait for review: approve again.
 */
async function approveHoldings(client: pg.Pool, providerId: string): Promise<void> {
  await client.query(
    `UPDATE provider_license_states SET review = 'approved', reviewed_at = now() WHERE provider_id = $1`,
    [providerId],
  );
  await client.query(
    `UPDATE qualifications SET review = 'approved', reviewed_at = now() WHERE provider_id = $1 AND review IN ('pending', 'rejected')`,
    [providerId],
  );
  await client.query(
    `UPDATE insurance_files SET review = 'approved', reviewed_at = now() WHERE provider_id = $1 AND review IN ('pending', 'rejected')`,
    [providerId],
  );
  await client.query(
    `INSERT INTO qualifications (identifier, provider_id, kind, body, credential_number, review, reviewed_at)
     SELECT gen_random_uuid(), $1, 'license', 'E2E licensing board', 'E2E-1', 'approved', now()
      WHERE NOT EXISTS (SELECT 1 FROM qualifications WHERE provider_id = $1 AND kind = 'license' AND review = 'approved')`,
    [providerId],
  );
  await client.query(
    `WITH f AS (
       INSERT INTO files (identifier, owner_user_id, purpose, storage_key, content_type, size_bytes, sha256, original_name)
       SELECT id, $1, 'insurance', 'e2e-desk/' || id || '.pdf', 'application/pdf', 1, repeat('0', 64), 'insurance.pdf'
         FROM (SELECT gen_random_uuid() AS id) g
        WHERE NOT EXISTS (SELECT 1 FROM insurance_files WHERE provider_id = $1 AND review = 'approved')
       RETURNING identifier)
     INSERT INTO insurance_files (file_id, provider_id, review, reviewed_at) SELECT identifier, $1, 'approved', now() FROM f`,
    [providerId],
  );
}

export async function setVerification(email: string, status: 'approved' | 'submitted'): Promise<string> {
  const base = process.env.E2E_PRACTICE_DESK_URL;
  if (!base) throw new Error('E2E_PRACTICE_DESK_URL is not set: the journeys must run through playwright.config.ts.');
  const res = await fetch(`${base}/providers/${encodeURIComponent(email)}/verification/${status}`, { method: 'POST' });
  if (res.status !== 200) throw new Error(`practice desk answered ${res.status} for ${email}`);
  return ((await res.json()) as { providerId: string }).providerId;
}

/** Makes a confirmed booking a session held yesterday (`completed`), through the desk. */
export async function sessionHeld(bookingId: string): Promise<void> {
  const base = process.env.E2E_PRACTICE_DESK_URL;
  if (!base) throw new Error('E2E_PRACTICE_DESK_URL is not set: the journeys must run through playwright.config.ts.');
  const res = await fetch(`${base}/bookings/${bookingId}/held`, { method: 'POST' });
  if (res.status !== 200)
    throw new Error(`practice desk answered ${res.status} for booking ${bookingId}: ${await res.text()}`);
}

/** Moves a confirmed booking to have ended (still confirmed): the app's completion job pays the provider, through the desk. */
export async function sessionEnded(bookingId: string): Promise<void> {
  const base = process.env.E2E_PRACTICE_DESK_URL;
  if (!base) throw new Error('E2E_PRACTICE_DESK_URL is not set: the journeys must run through playwright.config.ts.');
  const res = await fetch(`${base}/bookings/${bookingId}/ended`, { method: 'POST' });
  if (res.status !== 200)
    throw new Error(`practice desk answered ${res.status} for booking ${bookingId}: ${await res.text()}`);
}

/** Moves a confirmed booking to start in two minutes, so its video room is open (issue 19), through the desk. */
export async function sessionStartsSoon(bookingId: string): Promise<void> {
  const base = process.env.E2E_PRACTICE_DESK_URL;
  if (!base) throw new Error('E2E_PRACTICE_DESK_URL is not set: the journeys must run through playwright.config.ts.');
  const res = await fetch(`${base}/bookings/${bookingId}/starting-soon`, { method: 'POST' });
  if (res.status !== 200)
    throw new Error(`practice desk answered ${res.status} for booking ${bookingId}: ${await res.text()}`);
}
