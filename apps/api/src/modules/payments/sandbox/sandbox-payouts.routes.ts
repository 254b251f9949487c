import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settleSandboxPayout } from '@therapy/contracts/endpoints/payouts';
import { AppError } from '../../../platform/errors.ts';
import { route } from '../../../platform/http/route.ts';
import { GatewayError } from '../gateway/payment-gateway.ts';
import { TransferNotFoundError } from '../gateway/payout-gateway.ts';
import type { SandboxPayouts } from './sandbox-payouts.ts';

/**
 * The sandbox's transfer desk (decision 0022), registered only with the sandbox gateway: a tester makes a payout's
 * transfer succeed, fail or reverse, and the signed `transfer.*` webhook goes through the app's own webhook route,
 * as Paystack's would (queued with the settlement, resent until the app answers 200: sandbox-webhooks.ts).
 */
export const sandboxPayoutRoutes: FastifyPluginAsyncZod<{ payouts: SandboxPayouts }> = async (app, { payouts }) => {
  route(app, settleSandboxPayout, async (req) => {
    try {
      await payouts.settleTransfer(req.params.reference, req.params.outcome);
    } catch (err) {
      if (err instanceof TransferNotFoundError) throw AppError.notFound();
      if (err instanceof GatewayError) throw AppError.conflict('CONFLICT', 'sandboxTransferSettled');
      throw err;
    }
    return { data: { reference: req.params.reference, status: req.params.outcome } };
  });
};
