import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { receiveGatewayWebhook } from '@therapy/contracts/endpoints/wallet';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../platform/errors.ts';
import { route } from '../../platform/http/route.ts';
import type { PaymentGateway } from './gateway/payment-gateway.ts';
import { storeGatewayEvent } from './gateway-events.worker.ts';
const rejected = () => new AppError(401, 'INVALID_SIGNATURE', 'webhookRejected');
/** Signed, but not a JSON event: nothing to store (Paystack only sends JSON events), a clear 400, never a 500. */
const malformed = () => AppError.validation('webhookMalformed');

/**
 * POST /payment/webhook/{paystack|stripe|sandbox} (each configured gateway at its own path): the signature is checked on the raw bytes, the event stored once (unique
 * per gateway and event) and handed to a job; the answer is immediate, the crediting happens in the job (retried).
 * Every validly signed event is stored and answered 200, whatever its type (Paystack retries anything else for days):
 * the job marks the types nobody handles as ignored. Only a bad or missing signature is refused (401).
 * The event (with this delivery's request id) and its job are written in one transaction (storeGatewayEvent): a stored
 * event always has its job, and a delivery of one stored but not handled yet queues it again.
 */
/** The header each gateway signs its deliveries in (the sandbox signs as Paystack does, or as Stripe does for GBP and EUR). */
const SIGNATURE_HEADERS: Record<string, readonly string[]> = {
  paystack: ['x-paystack-signature'],
  stripe: ['stripe-signature'],
  sandbox: ['x-paystack-signature', 'stripe-signature'],
};

export const webhookRoutes: FastifyPluginAsyncZod<{
  deps: AppDeps;
  gateways: { byName(name: string): PaymentGateway | undefined };
}> = async (app, { deps, gateways }) => {
  // Raw bytes for this route only: the HMAC is over exactly what the gateway sent.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
    done(null, body),
  );

  // No per-IP rate limit: a gateway sends bursts from a few addresses, and the signature is checked before any write.
  const config = { rateLimit: false } as const;
  route(
    app,
    receiveGatewayWebhook,
    async (req) => {
      const gateway = gateways.byName(req.params.gateway);
      if (!gateway) throw AppError.notFound();
      const signature = SIGNATURE_HEADERS[gateway.name]!.map((h) => req.headers[h]).find(
        (v) => typeof v === 'string' && v.length > 0,
      );
      if (!Buffer.isBuffer(req.body) || typeof signature !== 'string' || signature.length === 0) throw rejected();
      const reading = gateway.parseWebhook(req.body, signature);
      if (!reading.ok) throw reading.reason === 'signature' ? rejected() : malformed();
      const { event } = reading;
      await storeGatewayEvent(deps, {
        gateway: gateway.name,
        key: event.key,
        type: event.type,
        payload: event.payload as object,
        requestId: req.id,
      });
      return { message: 'ok' };
    },
    { config },
  );
};
