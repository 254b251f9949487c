import { PAGE_INITIAL_PROPS_TIMEOUT_MS } from '@therapy/contracts/constants';
import { getAppConfig } from '@therapy/contracts/endpoints/ops';
import { queryOptions } from '@tanstack/react-query';
import { call } from './api-client';

/** GET /app-config: what the server lets this deployment do. Shared by sign-in (Google) and the country prompt. */
export const appConfigQuery = queryOptions({
  queryKey: ['app-config'],
  queryFn: async ({ signal }) => (await call(getAppConfig, { signal, timeoutMs: PAGE_INITIAL_PROPS_TIMEOUT_MS })).data,
  staleTime: 10 * 60_000,
  // Without config the page still works (no Google button, no prompt), so a failure stays quiet.
  meta: { silent: true },
});
