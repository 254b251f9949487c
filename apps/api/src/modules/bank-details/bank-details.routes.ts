import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkBankAccount,
  getBankDetails,
  listPayoutBanks,
  saveBankDetails,
} from '@therapy/contracts/endpoints/bank-details';
import { message } from '@therapy/contracts/messages';
import { actorOf } from '../../platform/auth/plugin.ts';
import { route } from '../../platform/http/route.ts';
import { requestLocale } from '../../platform/locale.ts';
import type { BankDetailsService } from './bank-details.service.ts';

/** A provider's bank payout details (decision 0024). Bodies of these routes are never logged. */
export const bankDetailsRoutes: FastifyPluginAsyncZod<{ bankDetails: BankDetailsService }> = async (
  app,
  { bankDetails },
) => {
  route(app, getBankDetails, async (req) => ({ data: await bankDetails.get(actorOf(req)) }));

  route(app, saveBankDetails, async (req) => ({
    data: await bankDetails.save(actorOf(req), req.body),
    message: message('bankDetailsSaved', requestLocale(req)),
  }));

  route(app, listPayoutBanks, async (req) => ({ data: await bankDetails.banks(actorOf(req)) }));

  route(app, checkBankAccount, async (req) => ({ data: await bankDetails.checkAccount(actorOf(req), req.body) }));
};
