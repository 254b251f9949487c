import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@therapy/contracts/common';
import type { ErrorCode } from '@therapy/contracts/constants';
import {
  isMessageKey,
  message,
  translate,
  type Locale,
  type MessageKey,
  type MessageParams,
} from '@therapy/contracts/messages';
import { AppError } from '../errors.ts';
import { noErrorReporter, type ErrorReporter } from '../error-reporting.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../pg-errors.ts';
import { requestLocale } from '../locale.ts';
import { markPrivate } from './private-answers.ts';

interface ZodIssueLike {
  message: string;
  code?: string;
  keys?: string[];
  path?: PropertyKey[];
}

/** fastify-type-provider-zod 7 spreads the zod issue over the validation entry (keyword = code, params = the rest). */
function issueOf(v: {
  keyword: string;
  message?: string;
  instancePath: string;
  params: Record<string, unknown>;
}): ZodIssueLike {
  const keys = v.params.keys;
  return {
    code: v.keyword,
    message: v.message ?? '',
    keys: Array.isArray(keys) ? keys.map(String) : undefined,
    path: v.instancePath.split('/').filter(Boolean),
  };
}

/** A field message for the client: an unknown key names itself; anything else is a catalogue key (zod's message). */
function issueText(issue: ZodIssueLike, locale: Locale): string {
  if (issue.code === 'unrecognized_keys') return `${message('unknownField', locale)}: ${(issue.keys ?? []).join(', ')}`;
  // zod's own "Invalid input…" (a union or type with no message of ours) means the field is missing or of no use; a
  // union that names its own message (a catalogue key) says that instead.
  if (issue.message.startsWith('Invalid input') || (issue.code === 'invalid_union' && !isMessageKey(issue.message))) {
    const field = issue.path?.join('.') ?? '';
    return field ? `${message('required', locale)}: ${field}` : message('malformedRequest', locale);
  }
  return translate(issue.message, locale);
}

function send(
  reply: FastifyReply,
  req: FastifyRequest,
  status: number,
  code: ErrorCode,
  key: MessageKey,
  errors?: string[],
  params?: MessageParams,
) {
  const locale = requestLocale(req);
  const body: ErrorBody = { message: message(key, locale, params), code, requestId: String(req.id) };
  if (errors?.length) body.errors = [...new Set(errors.map((e) => translate(e, locale)))];
  return reply.code(status).type('application/json').send(body);
}

/** Errors the router raises before a route is found (Fastify's `frameworkErrors`): the same envelope, 4xx. */
export function sendFrameworkError(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  // The hooks that add the request id do not run for these; the client still gets one to quote.
  void reply.header('x-request-id', req.id);
  markPrivate(req, reply);
  return send(reply, req, status, 'BAD_REQUEST', 'malformedRequest');
}

/**
 * busboy reports a multipart body it cannot read (cut off before its closing boundary, no boundary) as a plain Error
 * with neither code nor status; these are the client's fault, not ours.
 */
const unreadableMultipart =
  /^(Unexpected end of (multipart data|form)|Multipart: Boundary not found|Malformed part header|\w+ terminated early due to unexpected end of multipart data)$/;

/** One place shapes every error (DESIGN.md §5): the client sees a message in its locale, never internals. */
export function registerErrorHandler(app: FastifyInstance, reporter: ErrorReporter = noErrorReporter): void {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode === 401) void reply.header('www-authenticate', 'Bearer');
      if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
      return send(reply, req, error.statusCode, error.code, error.messageKey, error.errors, error.params);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const locale = requestLocale(req);
      const errors = error.validation.map((v) => issueText(issueOf(v), locale));
      const first = errors[0];
      const status = 400;
      const body: ErrorBody = {
        message: first ?? message('malformedRequest', locale),
        code: 'VALIDATION_ERROR',
        errors: [...new Set(errors)],
        requestId: String(req.id),
      };
      return reply.code(status).send(body);
    }
    if (!error.statusCode && unreadableMultipart.test(error.message) && req.isMultipart()) {
      req.log.info({ err: error }, 'unreadable multipart body');
      return send(reply, req, 400, 'BAD_REQUEST', 'malformedRequest');
    }
    // The database is briefly out of reach (a dropped connection, a restart, a failover): the request failed, nothing
    // of it was acknowledged, and the client may try again soon; the pool connects again by itself.
    if (isDatabaseUnavailable(error)) {
      req.log.warn({ err: error }, 'database unavailable');
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return send(reply, req, 503, 'SERVICE_UNAVAILABLE', 'serviceUnavailable');
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return send(reply, req, 413, 'PAYLOAD_TOO_LARGE', 'payloadTooLarge');
    if (status === 429) return send(reply, req, 429, 'TOO_MANY_REQUESTS', 'tooManyRequests');
    if (status >= 400 && status < 500) {
      req.log.info({ err: error }, 'client error');
      return send(reply, req, status, 'BAD_REQUEST', 'malformedRequest');
    }
    req.log.error({ err: error }, 'unhandled error');
    // Only the unexpected: every answer above is one we chose to give.
    reporter.capture(error, String(req.id));
    return send(reply, req, 500, 'INTERNAL_ERROR', 'internalError');
  });
}
