import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { SetupStep } from '../../platform/practice-setup.ts';
import type { PaymentsModule } from '../payments/payments.module.ts';
import type { UserModule } from '../user/user.module.ts';
import type { WalletModule } from '../wallet/wallet.module.ts';
import { bankDetailsRoutes } from './bank-details.routes.ts';
import { createBankDetailsService } from './bank-details.service.ts';
import { onAccountErasure } from '../../platform/account-erasure.ts';
import { eraseBankDetails } from './account-erasure.repository.ts';

/**
 * The bank-details module's face (decision 0024): a provider's payout bank details, sealed at rest. It uses the user
 * module (who asks), the wallet module (the provider's currency) and the payments module's payout port (the gateway's
 * banks, the account check, the recipient). Verification gets its checklist step `bankDetails`.
 */
export function createBankDetailsModule(
  deps: AppDeps,
  { users, wallet, payments }: { users: UserModule; wallet: WalletModule; payments: PaymentsModule },
) {
  // Deleting an account erases what this module holds of the person, in the deletion's transaction.
  onAccountErasure(deps.events, eraseBankDetails);
  const bankDetails = createBankDetailsService(deps, { users, wallet, payouts: payments.payouts });
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(bankDetailsRoutes, { bankDetails });
  };
  const setupSteps: SetupStep[] = [{ key: 'bankDetails', isComplete: bankDetails.isComplete }];
  return { name: 'bank-details' as const, plugin, setupSteps };
}
export type BankDetailsModule = ReturnType<typeof createBankDetailsModule>;
