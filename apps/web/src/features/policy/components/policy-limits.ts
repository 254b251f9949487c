import {
  CLIENT_RESCHEDULES,
  PROVIDER_RESCHEDULES,
  REFUND_CUTOFF_HOURS,
  RESCHEDULE_APPROVAL_HOURS,
} from '@therapy/contracts/constants';

/** The rules the policy pages state, from the contracts the server enforces (DESIGN.md §6), so text and rule cannot drift. */
export const policyValues = {
  hours: REFUND_CUTOFF_HOURS,
  approvalHours: RESCHEDULE_APPROVAL_HOURS,
  clientReschedules: CLIENT_RESCHEDULES,
  providerReschedules: PROVIDER_RESCHEDULES,
} as const;
