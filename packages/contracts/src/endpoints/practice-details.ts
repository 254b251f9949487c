import { z } from 'zod';
import { envelope, errorBody, messageOnly } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { m } from '../messages/index.ts';
import {
  generalFeeInput,
  claimedLicenseState,
  licenseStatesInput,
  providerBookingFees,
  therapyFeeInput,
  workHistory,
  workHistoryInput,
} from '../practice-details.ts';

/** A provider's work history, booking fees and licence states: spec §7 "Provider" (issue 14). Providers only. */
const tags = ['provider'] as const;
const role = 'provider';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
const idParams = z.strictObject({ id: z.uuid({ error: m.notFound }) });

export const listWorkHistory = defineEndpoint({
  method: 'GET',
  path: '/provider/experience',
  operationId: 'listWorkHistory',
  summary: "The signed-in provider's work history, latest first",
  tags,
  role,
  responses: { 200: envelope(z.array(workHistory)), ...errors },
});

export const addWorkHistory = defineEndpoint({
  method: 'POST',
  path: '/provider/experience',
  operationId: 'addWorkHistory',
  summary: 'Add a work history entry ("Work History Saved")',
  tags,
  role,
  body: workHistoryInput,
  responses: { 201: envelope(workHistory), ...errors },
});

export const updateWorkHistory = defineEndpoint({
  method: 'PUT',
  path: '/provider/experience/:id',
  operationId: 'updateWorkHistory',
  summary: 'Change one of your work history entries ("Work History Updated")',
  tags,
  role,
  params: idParams,
  body: workHistoryInput,
  responses: { 200: envelope(workHistory), ...errors, 404: errorBody },
});

export const deleteWorkHistory = defineEndpoint({
  method: 'DELETE',
  path: '/provider/experience/:id',
  operationId: 'deleteWorkHistory',
  summary: 'Delete one of your work history entries',
  tags,
  role,
  params: idParams,
  responses: { 200: messageOnly, ...errors, 404: errorBody },
});

export const getBookingFees = defineEndpoint({
  method: 'GET',
  path: '/provider/booking-fee',
  operationId: 'getBookingFees',
  summary: "The signed-in provider's general fee and a fee per therapy they offer, in their country's currency",
  tags,
  role,
  responses: { 200: envelope(providerBookingFees), ...errors },
});

export const setGeneralFee = defineEndpoint({
  method: 'POST',
  path: '/provider/booking-fee/general',
  operationId: 'setGeneralFee',
  summary: 'Set the default session fee in minor units, or mark it free ("Fee Successfully Saved")',
  tags,
  role,
  body: generalFeeInput,
  responses: { 200: envelope(providerBookingFees), ...errors },
});

export const setTherapyFee = defineEndpoint({
  method: 'POST',
  path: '/provider/booking-fee/therapy',
  operationId: 'setTherapyFee',
  summary: 'Set the fee of one therapy category you offer, in minor units, or mark it free',
  tags,
  role,
  body: therapyFeeInput,
  responses: { 200: envelope(providerBookingFees), ...errors },
});

export const getLicenseStates = defineEndpoint({
  method: 'GET',
  path: '/provider/license-states',
  operationId: 'getLicenseStates',
  summary: 'The US states where the signed-in provider holds a licence',
  tags,
  role,
  responses: { 200: envelope(z.array(claimedLicenseState)), ...errors },
});

export const setLicenseStates = defineEndpoint({
  method: 'POST',
  path: '/provider/license-states',
  operationId: 'setLicenseStates',
  summary: 'Replace the list of US states where you hold a licence (`stateIdentifiers`, ids of US states)',
  tags,
  role,
  body: licenseStatesInput,
  responses: { 200: envelope(z.array(claimedLicenseState)), ...errors },
});
