import {
  addNoteAddendum,
  createNoteTemplate,
  deleteNoteTemplate,
  listNoteTemplates,
  signNote,
  updateNoteTemplate,
} from '@therapy/contracts/endpoints/note-records';
import type { NoteTemplateInput } from '@therapy/contracts/note-records';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { noteKeys } from './notes-api';

/** Notes that are records (issue 47): the provider's own templates, signing and addenda. */
export const templateKeys = { all: ['note-templates'] as const };

const retryOnce = (failureCount: number, error: unknown) =>
  !(isApiError(error) && error.status < 500) && failureCount < 1;

export const noteTemplatesQuery = () =>
  queryOptions({
    queryKey: templateKeys.all,
    queryFn: async ({ signal }) => (await call(listNoteTemplates, { signal })).data,
    staleTime: 60_000,
    retry: retryOnce,
    meta: { silent: true },
  });

/** Signing changes the note everywhere it is listed. */
export function useSignNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id }: { id: string }) => call(signNote, { params: { id } }),
    onSuccess: (result, { id }) => {
      client.setQueryData(noteKeys.note(id), result.data);
      return client.invalidateQueries({ queryKey: noteKeys.all });
    },
    meta: { silent: true },
  });
}

export function useAddAddendum() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, content }: { id: string; content: string }) =>
      call(addNoteAddendum, { params: { id }, body: { content } }),
    onSuccess: () => client.invalidateQueries({ queryKey: noteKeys.all }),
    meta: { silent: true },
  });
}

export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values }: { id?: string | undefined; values: NoteTemplateInput }) =>
      id ? call(updateNoteTemplate, { params: { id }, body: values }) : call(createNoteTemplate, { body: values }),
    onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.all }),
    meta: { silent: true },
  });
}

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id }: { id: string }) => call(deleteNoteTemplate, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.all }),
    meta: { silent: true },
  });
}
