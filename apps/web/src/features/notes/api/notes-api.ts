import { endpointPath } from '@therapy/contracts/endpoint';
import { listClientAppointments } from '@therapy/contracts/endpoints/bookings';
import { getClientProfileById } from '@therapy/contracts/endpoints/client-profile';
import { getClientRelation } from '@therapy/contracts/endpoints/clients';
import {
  createNote,
  deleteNote,
  downloadNoteFile,
  getNote,
  getNoteAccessLog,
  listBookingNotes,
  listClientNotes,
  updateNote,
} from '@therapy/contracts/endpoints/notes';
import type { NoteType } from '@therapy/contracts/notes';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { bookingKeys } from '@/lib/booking-queries';
import { fetchPrivateFile, saveBlob } from '@/lib/private-file';

/**
 * Notes (issue 17): a provider's session notes of a booking, notes about a client, and the client page's other reads
 * (relation, profile, appointments). Every write refreshes every note list (`noteKeys.all`): a session note shows on
 * its booking's page and on its client's page.
 */
export const noteKeys = {
  all: ['notes'] as const,
  booking: (bookingId: string) => [...noteKeys.all, 'booking', bookingId] as const,
  clientLists: (clientId: string) => [...noteKeys.all, 'client', clientId] as const,
  client: (clientId: string, filters: ClientNoteFilters) => [...noteKeys.clientLists(clientId), filters] as const,
  note: (noteId: string) => [...noteKeys.all, 'note', noteId] as const,
  accessLog: (noteId: string) => [...noteKeys.note(noteId), 'access-log'] as const,
};

export const clientPageKeys = {
  relation: (clientId: string) => ['client-page', 'relation', clientId] as const,
  profile: (clientId: string) => ['client-page', 'profile', clientId] as const,
  // Under the bookings' keys, so a booking changed anywhere (a cancel in a modal) refreshes this list too.
  appointments: (clientId: string, page: number) => [...bookingKeys.all, 'client-page', clientId, page] as const,
};

export const NOTES_PAGE_SIZE = 10;
export const CLIENT_APPOINTMENTS_PAGE_SIZE = 5;

export interface ClientNoteFilters {
  type?: NoteType | undefined;
  title?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  page: number;
}

/** A missing or foreign object (4xx) does not change by asking again; anything else gets one retry. */
const retryOnce = (failureCount: number, error: unknown) =>
  !(isApiError(error) && error.status < 500) && failureCount < 1;
// The screens show their own loading and error states, so no global error toast.
const quiet = { retry: retryOnce, meta: { silent: true } } as const;

export const bookingNotesQuery = (bookingId: string) =>
  queryOptions({
    queryKey: noteKeys.booking(bookingId),
    queryFn: async ({ signal }) => (await call(listBookingNotes, { params: { id: bookingId }, signal })).data,
    ...quiet,
  });

export const clientNotesQuery = (clientId: string, filters: ClientNoteFilters) =>
  queryOptions({
    queryKey: noteKeys.client(clientId, filters),
    queryFn: async ({ signal }) => {
      const response = await call(listClientNotes, {
        params: { id: clientId },
        query: { ...filters, pageSize: NOTES_PAGE_SIZE },
        signal,
      });
      return { data: response.data, meta: response.meta };
    },
    placeholderData: keepPreviousData,
    ...quiet,
  });

export const noteQuery = (noteId: string) =>
  queryOptions({
    queryKey: noteKeys.note(noteId),
    queryFn: async ({ signal }) => (await call(getNote, { params: { id: noteId }, signal })).data,
    // Every read is logged: read the note when the form opens, not again on focus.
    staleTime: 0,
    refetchOnWindowFocus: false,
    ...quiet,
  });

export const noteAccessLogQuery = (noteId: string) =>
  queryOptions({
    queryKey: noteKeys.accessLog(noteId),
    queryFn: async ({ signal }) => (await call(getNoteAccessLog, { params: { id: noteId }, signal })).data,
    staleTime: 0,
    ...quiet,
  });

export const clientRelationQuery = (clientId: string) =>
  queryOptions({
    queryKey: clientPageKeys.relation(clientId),
    queryFn: async ({ signal }) => (await call(getClientRelation, { params: { id: clientId }, signal })).data,
    // The server logs each opening of a client's page (issue 20): once per visit, not again when the tab regains focus.
    refetchOnWindowFocus: false,
    ...quiet,
  });

export const clientProfileQuery = (clientId: string) =>
  queryOptions({
    queryKey: clientPageKeys.profile(clientId),
    queryFn: async ({ signal }) => (await call(getClientProfileById, { params: { id: clientId }, signal })).data,
    ...quiet,
  });

export const clientAppointmentsQuery = (clientId: string, page: number) =>
  queryOptions({
    queryKey: clientPageKeys.appointments(clientId, page),
    queryFn: async ({ signal }) => {
      const response = await call(listClientAppointments, {
        params: { id: clientId },
        query: { page, pageSize: CLIENT_APPOINTMENTS_PAGE_SIZE },
        signal,
      });
      return { data: response.data, meta: response.meta };
    },
    placeholderData: keepPreviousData,
    ...quiet,
  });

export interface NewNote {
  type: NoteType;
  reference: string;
  title: string;
  content: string;
  file?: File | undefined;
  /** Issue 47: the template written from and one text per section (then `content` is made by the server). */
  template?: string | undefined;
  sections?: string[] | undefined;
}

/** POST /note as multipart: the text fields, then the file (a file note sends empty content). */
export function useCreateNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (note: NewNote) => {
      const form = new FormData();
      form.append('type', note.type);
      form.append('reference', note.reference);
      form.append('title', note.title);
      form.append('content', note.file || note.template ? '' : note.content);
      if (note.template && note.sections) {
        form.append('template', note.template);
        form.append('sections', JSON.stringify(note.sections));
      }
      if (note.file) form.append('file', note.file, note.file.name);
      return call(createNote, { body: form });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: noteKeys.all }),
    meta: { silent: true },
  });
}

/** PUT /note/{id} as multipart title and content (a file note keeps its file and empty content). */
export function useUpdateNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      title,
      content,
      sections,
    }: {
      id: string;
      title: string;
      content: string;
      sections?: string[] | undefined;
    }) => {
      const form = new FormData();
      form.append('title', title);
      form.append('content', sections ? '' : content);
      if (sections) form.append('sections', JSON.stringify(sections));
      return call(updateNote, { params: { id }, body: form });
    },
    onSuccess: (result, { id }) => {
      client.setQueryData(noteKeys.note(id), result.data);
      return client.invalidateQueries({ queryKey: noteKeys.all });
    },
    meta: { silent: true },
  });
}

export function useDeleteNote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id }: { id: string }) => call(deleteNote, { params: { id } }),
    onSuccess: (_result, { id }) => {
      // Gone: its own queries are dropped, not refetched into a 404.
      client.removeQueries({ queryKey: noteKeys.note(id) });
      return client.invalidateQueries({ queryKey: noteKeys.all });
    },
    meta: { silent: true },
  });
}

/** Downloads a file note's file under its own name; the download is logged, so its access log is read again. */
export function useDownloadNoteFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, filename }: { id: string; filename: string }) => {
      // GET /note/{id}/file, with the bearer header (lib/private-file.ts).
      saveBlob(await fetchPrivateFile(endpointPath(downloadNoteFile.path, { id }), 'provider'), filename);
    },
    onSuccess: (_result, { id }) => client.invalidateQueries({ queryKey: noteKeys.accessLog(id) }),
    meta: { silent: true },
  });
}
