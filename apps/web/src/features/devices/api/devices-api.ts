import { endOtherUserSessions, endUserSession, listUserSessions } from '@therapy/contracts/endpoints/account';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** Where the user is signed in (issue 20): their sessions, and signing one or all others out. */
export const devicesKeys = { list: ['user', 'sessions'] as const };

export const devicesQuery = () =>
  queryOptions({
    queryKey: devicesKeys.list,
    queryFn: async ({ signal }) => (await call(listUserSessions, { signal })).data,
    // The section shows its own error with a way to try again.
    meta: { silent: true },
  });

export function useEndDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => call(endUserSession, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: devicesKeys.list }),
    meta: { silent: true },
  });
}

export function useEndOtherDevices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => call(endOtherUserSessions),
    onSettled: () => client.invalidateQueries({ queryKey: devicesKeys.list }),
    meta: { silent: true },
  });
}
