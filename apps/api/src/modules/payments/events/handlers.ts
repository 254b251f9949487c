import type { GatewayEventRow } from '../payments.repository.ts';

/**
 * The gateway-event handlers: one per event type, grouped one file per family (`charge.handlers.ts`,
 * `dedicated-account.handlers.ts`, `reversal.handlers.ts`, `stripe-checkout.handlers.ts`, and the payouts'
 * `transferHandlers` in payouts/transfer-events.ts), assembled into one map in payments.module.ts. A handler reads the
 * event's `gateway` (Paystack, Stripe, or the sandbox playing either) to settle with the gateway that sent it. The
 * worker (gateway-events.worker.ts) looks the stored event's type up in the map: no handler, the event is marked
 * `ignored`; a handler answers `processed`, or `needs_attention` with a note (kept, logged with the delivery's request
 * id and reported to operators: never dropped). To retry later (the gateway is unreachable, the payment not confirmed yet) a handler
 * throws a retryable `GatewayError`; a non-retryable `GatewayError` makes the event `needs_attention`.
 *
 * Another family registers by adding its entries to the map, as `transferHandlers(payouts, log)` does.
 */
export type HandlerOutcome = { status: 'processed' } | { status: 'needs_attention'; note: string };

export type GatewayEventHandler = (event: GatewayEventRow) => Promise<HandlerOutcome>;

export type GatewayEventHandlers = ReadonlyMap<string, GatewayEventHandler>;

export const processed: HandlerOutcome = { status: 'processed' };
export const needsAttention = (note: string): HandlerOutcome => ({ status: 'needs_attention', note });

/** One map of every family's handlers; a type registered twice is a wiring mistake, refused at start-up. */
export function gatewayEventHandlers(
  ...families: ReadonlyArray<Record<string, GatewayEventHandler>>
): GatewayEventHandlers {
  const map = new Map<string, GatewayEventHandler>();
  for (const family of families) {
    for (const [type, handler] of Object.entries(family)) {
      if (map.has(type)) throw new Error(`gateway event ${type} has two handlers`);
      map.set(type, handler);
    }
  }
  return map;
}
