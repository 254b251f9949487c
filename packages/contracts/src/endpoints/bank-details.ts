import { z } from 'zod';
import {
  bankAccountCheck,
  bankAccountCheckInput,
  bankDetailsState,
  payoutBank,
  saveBankDetailsInput,
} from '../bank-details.ts';
import { envelope, errorBody } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';

/**
 * A provider's bank payout details (spec §3, §5 "Bank details"; decision 0024). The spec names no routes; these are
 * ours. Account numbers are never answered in full, only their last four digits.
 */
const tags = ['provider'] as const;
const role = 'provider';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 502: errorBody };

export const getBankDetails = defineEndpoint({
  method: 'GET',
  path: '/provider/bank-details',
  operationId: 'getBankDetails',
  summary: "The signed-in provider's bank payout details (account number masked) and the form their country gets",
  tags,
  role,
  responses: { 200: envelope(bankDetailsState), 401: errorBody, 403: errorBody },
});

export const saveBankDetails = defineEndpoint({
  method: 'PUT',
  path: '/provider/bank-details',
  operationId: 'saveBankDetails',
  summary: 'Save bank payout details; where the gateway pays out, the account name is checked with the bank first',
  tags,
  role,
  body: saveBankDetailsInput,
  responses: { 200: envelope(bankDetailsState), ...errors },
});

export const listPayoutBanks = defineEndpoint({
  method: 'GET',
  path: '/provider/bank-details/banks',
  operationId: 'listPayoutBanks',
  summary: "The payout gateway's banks for the provider's currency (NGN, GHS, ZAR)",
  tags,
  role,
  responses: { 200: envelope(z.array(payoutBank)), ...errors },
});

export const checkBankAccount = defineEndpoint({
  method: 'POST',
  path: '/provider/bank-details/account-check',
  operationId: 'checkBankAccount',
  summary: 'The holder name the bank has for an account (gateway currencies only); nothing is stored',
  tags,
  role,
  body: bankAccountCheckInput,
  responses: { 200: envelope(bankAccountCheck), ...errors },
});
