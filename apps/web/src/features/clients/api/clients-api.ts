import type { ClientRecordInput, EmailImportInput, ManualImportInput } from '@therapy/contracts/clients';
import {
  acceptClientInvitation,
  deleteClientRecord,
  getClientRelation,
  inviteClientRecord,
  updateClientRecord,
  importClientByEmail,
  importClientManually,
  importClientsCsv,
  listClients,
} from '@therapy/contracts/endpoints/clients';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const CLIENTS_PAGE_SIZE = 10;

export const clientKeys = {
  all: ['clients'] as const,
  list: (search: string, page: number) => ['clients', 'list', search, page] as const,
};

/** GET /clients: one page of the provider's clients, searched by name or imported address. */
export const clientListQuery = (search: string, page: number) =>
  queryOptions({
    queryKey: clientKeys.list(search, page),
    queryFn: async ({ signal }) => {
      const response = await call(listClients, {
        query: { search: search || undefined, page, pageSize: CLIENTS_PAGE_SIZE },
        signal,
      });
      return { data: response.data, meta: response.meta };
    },
    placeholderData: keepPreviousData,
    // The page shows the error itself, with a retry.
    meta: { silent: true },
  });

/** After an import the list is read again. */
function useImportMutation<V, R>(write: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => client.invalidateQueries({ queryKey: clientKeys.all }),
    // The forms show the server's answer next to the fields (no toast on top).
    meta: { silent: true },
  });
}

/** POST /clients/import/manual: "Details Saved Successfully". */
export const useManualImport = () =>
  useImportMutation((body: ManualImportInput) => call(importClientManually, { body }));

/** POST /clients/import/email: the invitation mail, "Mail Sent Successfully". */
export const useEmailImport = () => useImportMutation((body: EmailImportInput) => call(importClientByEmail, { body }));

/**
 * POST /clients/import/csv: `commit` false previews the file row by row (200); true imports every row or none (201),
 * or with `validOnly` the rows without errors. People already in the list are never imported again.
 */
export const useCsvImport = () =>
  useImportMutation(({ file, commit, validOnly }: { file: File; commit: boolean; validOnly?: boolean }) => {
    const form = new FormData();
    form.append('commit', commit ? 'true' : 'false');
    if (validOnly) form.append('validOnly', 'true');
    form.append('file', file, file.name);
    return call(importClientsCsv, { body: form });
  });

/** POST /clients/invitations/accept (signed in as a client): the token from the mail's link. */
export const useAcceptInvitation = () =>
  useMutation({
    mutationFn: (token: string) => call(acceptClientInvitation, { body: { token } }),
    meta: { silent: true },
  });

/**
 * GET /clients/relation/{id}: how the provider knows the client and, for a client without an account, the record
 * (decision 0053). The client page reads the same key, so the page is read (and its access logged) once.
 */
export const clientRecordQuery = (clientId: string) =>
  queryOptions({
    queryKey: ['client-page', 'relation', clientId] as const,
    queryFn: async ({ signal }) => (await call(getClientRelation, { params: { id: clientId }, signal })).data,
    refetchOnWindowFocus: false,
    meta: { silent: true },
  });

/** A change of a record: the client page and the list are read again. */
function useRecordMutation<V, R>(write: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['client-page'] });
      await client.invalidateQueries({ queryKey: clientKeys.all });
    },
    meta: { silent: true },
  });
}

/** PUT /clients/records/{id}: the record's details, the manual entry's schema. */
export const useUpdateRecord = (clientId: string) =>
  useRecordMutation((body: ClientRecordInput) => call(updateClientRecord, { params: { id: clientId }, body }));
/** POST /clients/records/{id}/invitation: sends the invitation, or again with a new link. */
export const useInviteRecord = (clientId: string) =>
  useRecordMutation(() => call(inviteClientRecord, { params: { id: clientId } }));
/**
 * DELETE /clients/records/{id}: refused while appointments, notes or questionnaires name the record. The deleted
 * client's page is marked stale, not read again: a refetch would only meet a 404 before the page leaves.
 */
export function useDeleteRecord(clientId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(deleteClientRecord, { params: { id: clientId } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['client-page'], refetchType: 'none' });
      await client.invalidateQueries({ queryKey: clientKeys.all, refetchType: 'none' });
    },
    meta: { silent: true },
  });
}
