import type { AccessLogRecordType } from '@therapy/contracts/access-log';
import { listAccessLog } from '@therapy/contracts/endpoints/access-log';
import { listClients } from '@therapy/contracts/endpoints/clients';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

/** The provider's access log (issue 20): one page of it, and the provider's clients for the client filter. */
export interface AccessLogFilters {
  recordType?: AccessLogRecordType | undefined;
  clientIdentifier?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  page: number;
}

export const ACCESS_LOG_PAGE_SIZE = 20;
/** The client filter offers the provider's first clients (the list's largest page); a client chosen by link is kept. */
export const CLIENT_CHOICES = 50;

export const accessLogKeys = {
  all: ['access-log'] as const,
  page: (filters: AccessLogFilters) => [...accessLogKeys.all, filters] as const,
  clients: () => [...accessLogKeys.all, 'clients'] as const,
};

/** A refused query (4xx) does not change by asking again; anything else gets one retry. */
const retryOnce = (failureCount: number, error: unknown) =>
  !(isApiError(error) && error.status < 500) && failureCount < 1;

export const accessLogQuery = (filters: AccessLogFilters) =>
  queryOptions({
    queryKey: accessLogKeys.page(filters),
    queryFn: async ({ signal }) => {
      const response = await call(listAccessLog, { query: { ...filters, pageSize: ACCESS_LOG_PAGE_SIZE }, signal });
      return { data: response.data, meta: response.meta };
    },
    placeholderData: keepPreviousData,
    retry: retryOnce,
    // The page shows its own loading and error states.
    meta: { silent: true },
  });

export const clientChoicesQuery = () =>
  queryOptions({
    queryKey: accessLogKeys.clients(),
    queryFn: async ({ signal }) => {
      const response = await call(listClients, { query: { page: 1, pageSize: CLIENT_CHOICES }, signal });
      // Only clients on the platform have records to filter by.
      return response.data.flatMap((c) =>
        c.identifier
          ? [{ identifier: c.identifier, name: [c.firstName, c.lastName].filter(Boolean).join(' ') || c.email || '' }]
          : [],
      );
    },
    staleTime: 60_000,
    retry: retryOnce,
    meta: { silent: true },
  });
