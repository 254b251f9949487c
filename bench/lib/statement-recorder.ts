import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** One statement as Drizzle sent it: its text and its values. */
export interface RecordedStatement {
  query: string;
  params: unknown[];
}

/** Requests that carry this header, with an id of the bench's choosing, have their statements recorded under it. */
export const RECORD_HEADER = 'x-bench-record';

export interface StatementRecorder {
  /** Drizzle's query logger for the server's database (`startServer`'s `queryLogger`). */
  logger: { logQuery(query: string, params: unknown[]): void };
  /** The statements of the request sent with `RECORD_HEADER: id`, in the order they were sent; forgotten after. */
  take(id: string): RecordedStatement[];
}

/**
 * Records the SQL of chosen requests (the booking's own statements, which `bookings.sql.tps` replays without HTTP).
 * A request is followed by an AsyncLocalStorage store through Fastify's documented diagnostics channels: an `onRequest`
 * hook added at `fastify.initialization` opens it (the session check runs there), and the handler runs inside it
 * (`tracing:fastify.request.handler:start`, bound with `bindStore`), because the context of the hooks does not survive
 * the reading of the body. Statements of anything else the server does meanwhile (job workers, sweeps) carry no store
 * and are not recorded. Must be created before the server is built.
 */
export function createStatementRecorder(): StatementRecorder {
  // One per process: the channels are the process's, and every server the bench starts is recorded by the same one.
  recorder ??= makeRecorder();
  return recorder;
}
let recorder: StatementRecorder | undefined;

function makeRecorder(): StatementRecorder {
  const current = new AsyncLocalStorage<RecordedStatement[]>();
  const byRequest = new WeakMap<FastifyRequest, RecordedStatement[]>();
  const byId = new Map<string, RecordedStatement[]>();

  diagnostics.subscribe('fastify.initialization', (message) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRequest', (request, _reply, done) => {
      const id = request.headers[RECORD_HEADER];
      if (typeof id !== 'string') return done();
      const statements: RecordedStatement[] = [];
      byId.set(id, statements);
      byRequest.set(request, statements);
      current.run(statements, done);
    });
  });
  diagnostics
    .channel('tracing:fastify.request.handler:start')
    .bindStore(current, (message) => byRequest.get((message as { request: FastifyRequest }).request));

  return {
    logger: {
      logQuery(query, params) {
        current.getStore()?.push({ query, params });
      },
    },
    take(id) {
      const statements = byId.get(id) ?? [];
      byId.delete(id);
      return statements;
    },
  };
}
