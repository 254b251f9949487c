import type { ErrorCode } from '@therapy/contracts/constants';
import { messageRef, type MessageKey, type MessageParams } from '@therapy/contracts/messages';

/**
 * The one error type services throw. `messageKey` names a message of the contracts catalogue, so the error handler
 * can say it in the request's locale; `errors` lists field messages as catalogue keys (or `messageRef`s), translated
 * likewise; an entry that is not a key (e.g. "Invalid header: x-country") is sent as it is.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly messageKey: MessageKey,
    readonly errors?: string[],
    /** The values of the message's placeholders (e.g. amount and symbol of "Minimum topup amount is {amount} {symbol}"). */
    readonly params?: MessageParams,
    /** Seconds until a refused request may be tried again (sent as `Retry-After` with a 429). */
    readonly retryAfterSeconds?: number,
  ) {
    super(messageKey);
  }

  static validation(messageKey: MessageKey, errors?: string[]) {
    return new AppError(400, 'VALIDATION_ERROR', messageKey, errors);
  }
  /** A broken rule with one message, listed in `errors` too (as a form shows it under the field). */
  static rule(messageKey: MessageKey, params?: MessageParams) {
    return new AppError(
      400,
      'VALIDATION_ERROR',
      messageKey,
      [params ? messageRef(messageKey, params) : messageKey],
      params,
    );
  }
  static unauthorized() {
    return new AppError(401, 'UNAUTHORIZED_ACCESS', 'unauthorized');
  }
  static forbidden() {
    return new AppError(403, 'FORBIDDEN', 'forbidden');
  }
  /** Someone else's object answers exactly like a missing one: its existence is not revealed. */
  static notFound() {
    return new AppError(404, 'NOT_FOUND', 'notFound');
  }
  static conflict(code: ErrorCode, messageKey: MessageKey) {
    return new AppError(409, code, messageKey);
  }
  /** `retryAfterSeconds`: when the limit lifts, rounded up to whole seconds (at least 1). */
  static tooManyRequests(retryAfterSeconds?: number) {
    const seconds = retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(retryAfterSeconds));
    return new AppError(429, 'TOO_MANY_REQUESTS', 'tooManyRequests', undefined, undefined, seconds);
  }
}
