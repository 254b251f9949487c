import {
  answerMeasure,
  answerMeasureLink,
  getMeasureLink,
  getMeasure,
  listMeasureSeries,
  listMeasures,
  reviewMeasure,
  sendMeasure,
  stopMeasureSeries,
} from '@therapy/contracts/endpoints/measures';
import type { MeasureListQuery, SendMeasureInput } from '@therapy/contracts/measures';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

/** Outcome measures (issue 20): questionnaires a provider sends and their client answers. Any write refreshes them all. */
export const measureKeys = {
  all: ['measures'] as const,
  list: (query: MeasureListQuery) => [...measureKeys.all, 'list', query] as const,
  one: (id: string) => [...measureKeys.all, 'one', id] as const,
  series: (clientId: string) => [...measureKeys.all, 'series', clientId] as const,
};

/** A missing or foreign object (4xx) does not change by asking again; anything else gets one retry. */
const retryOnce = (failureCount: number, error: unknown) =>
  !(isApiError(error) && error.status < 500) && failureCount < 1;
const quiet = { retry: retryOnce, meta: { silent: true } } as const;

export const measuresQuery = (query: MeasureListQuery, options: { poll?: boolean } = {}) =>
  queryOptions({
    queryKey: measureKeys.list(query),
    queryFn: async ({ signal }) => (await call(listMeasures, { query, signal })).data,
    // The client's notice looks again every few minutes (a questionnaire sent before a session arrives by itself);
    // otherwise a list is read when its page opens, not on every return to the tab (each read of answers is logged).
    ...(options.poll ? { refetchInterval: 5 * 60_000 } : { refetchOnWindowFocus: false }),
    ...quiet,
  });

export const measureQuery = (id: string) =>
  queryOptions({
    queryKey: measureKeys.one(id),
    queryFn: async ({ signal }) => (await call(getMeasure, { params: { id }, signal })).data,
    // Every read of a result is logged: read it when the page opens, not again on focus.
    refetchOnWindowFocus: false,
    ...quiet,
  });

export const seriesQuery = (clientId: string) =>
  queryOptions({
    queryKey: measureKeys.series(clientId),
    queryFn: async ({ signal }) =>
      (await call(listMeasureSeries, { query: { clientIdentifier: clientId }, signal })).data,
    ...quiet,
  });

function useMeasuresMutation<V, R>(mutationFn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => client.invalidateQueries({ queryKey: measureKeys.all }),
    meta: { silent: true },
  });
}

export const useSendMeasure = () => useMeasuresMutation(async (body: SendMeasureInput) => call(sendMeasure, { body }));
export function useAnswerMeasure(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (answers: number[]) => call(answerMeasure, { params: { id }, body: { answers } }),
    // The answer comes back scored: shown at once, and every list learns of it.
    onSuccess: async (res) => {
      client.setQueryData(measureKeys.one(id), res.data);
      await client.invalidateQueries({ queryKey: measureKeys.all, predicate: (q) => q.queryKey[1] !== 'one' });
    },
    meta: { silent: true },
  });
}
export const useReviewMeasure = () =>
  useMeasuresMutation(async (id: string) => call(reviewMeasure, { params: { id } }));
export const useStopSeries = () =>
  useMeasuresMutation(async (id: string) => call(stopMeasureSeries, { params: { id } }));

/** GET /measures/links/{token}: what a one-time link opens (decision 0053); a used or expired link answers 400. */
export const measureLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['measure-link', token] as const,
    queryFn: async ({ signal }) => (await call(getMeasureLink, { params: { token }, signal })).data,
    retry: false,
    refetchOnWindowFocus: false,
    meta: { silent: true },
  });
/** POST /measures/links/{token}/answers: once, without signing in. */
export const useAnswerMeasureLink = (token: string) =>
  useMutation({
    mutationFn: async (answers: number[]) => call(answerMeasureLink, { params: { token }, body: { answers } }),
    meta: { silent: true },
  });
