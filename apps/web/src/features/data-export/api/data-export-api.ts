import { getDataExport, requestDataExport } from '@therapy/contracts/endpoints/data-export';
import type { DataExport } from '@therapy/contracts/data-export';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { fetchPrivateFile } from '@/lib/private-file';

/** The user's own data export (issue 20): the latest one's state, a new request, and the download of a mailed link. */
export const dataExportKeys = { latest: ['data-export', 'latest'] as const };

/** While an export is being prepared, its state is asked for again every few seconds, so "ready" shows by itself. */
export const PENDING_POLL_MS = 4000;

export const latestDataExportQuery = () =>
  queryOptions({
    queryKey: dataExportKeys.latest,
    queryFn: async ({ signal }) => (await call(getDataExport, { signal })).data,
    refetchInterval: (query) =>
      (query.state.data as DataExport | null | undefined)?.status === 'pending' ? PENDING_POLL_MS : false,
    // The section shows its own error with a way to try again.
    meta: { silent: true },
  });

export function useRequestDataExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => call(requestDataExport),
    onSuccess: (res) => client.setQueryData(dataExportKeys.latest, res.data),
    meta: { silent: true },
  });
}

/** The ZIP behind a mailed link, fetched with the bearer header (the link alone is not enough). */
export function downloadDataExport(
  id: string,
  search: URLSearchParams,
  viewMode: 'client' | 'provider',
): Promise<Blob> {
  const query = new URLSearchParams();
  for (const key of ['expires', 'signature']) {
    const value = search.get(key);
    if (value !== null) query.set(key, value);
  }
  return fetchPrivateFile(`/user/export/${encodeURIComponent(id)}/download?${query.toString()}`, viewMode);
}
