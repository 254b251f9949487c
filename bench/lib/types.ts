import type { Config } from '@therapy/api/config';
import type { Database } from '@therapy/api/db/client';
import type { StatementRecorder } from './statement-recorder.ts';
/** One named figure per key: dotted, lower case, unit last (DESIGN.md §8), e.g. `api.health.rps`. */
export type Figures = Record<string, number>;

export interface BenchUser {
  email: string;
  password: string;
  accessToken: string;
}

export interface BenchContext {
  /** Base URL of the server under test, e.g. http://127.0.0.1:40123 */
  url: string;
  /** One registered, signed-in user (the access token lives 15 minutes, longer than the whole bench). */
  user: BenchUser;
  /** The sandbox gateway's webhook key, for scenarios that send signed gateway events. */
  sandboxWebhookSecret: string;
  /** The server's database handle, for scenarios that seed through the API's own seed functions. */
  db: Database;
  /** The server's configuration, for a scenario that starts a second instance on the same database. */
  config: Config;
  /** One SQL statement on the server's database, for scenarios that prepare rows or watch background work. */
  query: (text: string, values?: unknown[]) => Promise<Array<Record<string, unknown>>>;
  /** The statements of requests sent with its header (`RECORD_HEADER`), for a replay without HTTP. */
  recorder: StatementRecorder;
  /** Figures measured so far in this run; a ratio reads its baseline here. */
  figures: Figures;
  /** Seconds each load phase runs (BENCH_DURATION, default 6). */
  duration: number;
  log: (line: string) => void;
}

export interface Scenario {
  /** Dotted prefix of every figure the scenario reports, e.g. `api.health`. */
  name: string;
  description: string;
  /**
   * Requests in flight while its latency figures (`….p95_ms`) were measured: each gets a ratio to `api.health`'s p95
   * at that concurrency in the same run (`….p95_ratio_to_health`). Without it the scenario has no latency figure.
   */
  concurrency?: number;
  run: (ctx: BenchContext) => Promise<Figures>;
}
