import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  duration: number;
  /** Worker threads that fire the requests, so the load generator does not share the server's event loop. */
  workers?: number;
  /** Record every response time (needed for percentiles autocannon does not report, such as p95). */
  recordLatencies?: boolean;
}

export interface LoadResult {
  rps: number;
  requests: number;
  non2xx: number;
  errors: number;
  latencyP50Ms: number;
  latencyP95Ms: number | undefined;
  latencyP99Ms: number;
  statusCodes: Record<string, number>;
}

/** The value below which `p` percent of the sorted samples fall (nearest-rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/** One autocannon run; fails if any request errors or answers other than 2xx (a fast error is not throughput). */
export async function load(opts: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  // Without a callback autocannon answers an event emitter that is also a promise of the result.
  const instance = autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    connections: opts.connections,
    duration: opts.duration,
    workers: opts.workers,
  }) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  if (opts.recordLatencies)
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count ?? 0]),
  );
  const out: LoadResult = {
    rps: result.requests.average,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    latencyP50Ms: result.latency.p50,
    latencyP95Ms: opts.recordLatencies
      ? percentile(
          latencies.sort((a, b) => a - b),
          95,
        )
      : undefined,
    latencyP99Ms: result.latency.p99,
    statusCodes,
  };
  if (out.non2xx > 0 || out.errors > 0) {
    throw new Error(
      `${opts.method ?? 'GET'} ${opts.url}: ${out.non2xx} non-2xx answers and ${out.errors} errors (status codes ${JSON.stringify(statusCodes)})`,
    );
  }
  return out;
}
