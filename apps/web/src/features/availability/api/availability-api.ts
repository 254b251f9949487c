import type {
  AvailabilitySettings,
  AvailabilitySettingsInput,
  AvailabilitySetup,
  CalendarSetupType,
  CustomDay,
  CustomDayInput,
  WeeklyPlan,
  WeeklyPlanInput,
} from '@therapy/contracts/availability';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** The general plan and the general custom days are keyed as "general"; a category's by its identifier. */
type PlanOwner = string | null;
const owner = (category: PlanOwner) => category ?? 'general';

export const availabilityKeys = {
  all: ['availability'] as const,
  settings: ['availability', 'settings'] as const,
  setup: ['availability', 'setup'] as const,
  plan: (category: PlanOwner) => ['availability', 'plan', owner(category)] as const,
  customDays: (category: PlanOwner) => ['availability', 'custom-days', owner(category)] as const,
};

/** GET /provider-availability/settings: time zone, session length, buffer, minimum notice, set-up type, horizon. */
export const settingsQuery = () =>
  queryOptions({
    queryKey: availabilityKeys.settings,
    queryFn: async ({ signal }) => (await apiClient.get<AvailabilitySettings>('/provider-availability/settings', { signal })).data,
  });

/** GET /provider/availability-setting: the set-up type and the provider's therapy categories. */
export const setupQuery = () =>
  queryOptions({
    queryKey: availabilityKeys.setup,
    queryFn: async ({ signal }) => (await apiClient.get<AvailabilitySetup>('/provider/availability-setting', { signal })).data,
  });

/** The weekly plan the editor edits: GET days/default (general) or days/recurring?category= (one therapy). */
export const weeklyPlanQuery = (category: PlanOwner) =>
  queryOptions({
    queryKey: availabilityKeys.plan(category),
    queryFn: async ({ signal }) =>
      category
        ? (await apiClient.get<WeeklyPlan>('/provider-availability/days/recurring', { query: { category }, signal })).data
        : (await apiClient.get<WeeklyPlan>('/provider-availability/days/default', { signal })).data,
  });

/** GET /provider-availability/days/custom?category=: date overrides from today on. */
export const customDaysQuery = (category: PlanOwner) =>
  queryOptions({
    queryKey: availabilityKeys.customDays(category),
    queryFn: async ({ signal }) =>
      (await apiClient.get<CustomDay[]>('/provider-availability/days/custom', { query: { category: category ?? undefined }, signal })).data,
  });

/** PUT /provider-availability/settings; resolves to the whole envelope so the screen can show the server's message. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AvailabilitySettingsInput) => apiClient.put<AvailabilitySettings>('/provider-availability/settings', input),
    onSuccess: ({ data }) => queryClient.setQueryData(availabilityKeys.settings, data),
  });
}

/** POST /provider/availability-setting: switches between one general plan and one plan per therapy. */
export function useSaveSetupType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (calendarSetupType: CalendarSetupType) => apiClient.post<AvailabilitySetup>('/provider/availability-setting', { calendarSetupType }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(availabilityKeys.setup, data);
      queryClient.setQueryData<AvailabilitySettings>(availabilityKeys.settings, (old) => (old ? { ...old, calendarSetupType: data.calendarSetupType } : old));
    },
  });
}

/** POST days/default, or days/recurring with the category: saves the whole week at once. */
export function useSaveWeeklyPlan(category: PlanOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WeeklyPlanInput) =>
      category
        ? apiClient.post<WeeklyPlan>('/provider-availability/days/recurring', { categoryIdentifier: category, days: input.days })
        : apiClient.post<WeeklyPlan>('/provider-availability/days/default', { days: input.days }),
    onSuccess: ({ data }) => queryClient.setQueryData(availabilityKeys.plan(category), data),
  });
}

/** POST days/custom: adds a custom day, or replaces the one of the same date. */
export function useSaveCustomDay(category: PlanOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomDayInput) => apiClient.post<CustomDay>('/provider-availability/days/custom', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: availabilityKeys.customDays(category) }),
  });
}

/** DELETE days/custom/{id}. */
export function useDeleteCustomDay(category: PlanOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (identifier: string) => apiClient.delete<{ message?: string } | null>(`/provider-availability/days/custom/${encodeURIComponent(identifier)}`),
    onSuccess: (_result, identifier) => {
      queryClient.setQueryData<CustomDay[]>(availabilityKeys.customDays(category), (old) => old?.filter((d) => d.identifier !== identifier));
      void queryClient.invalidateQueries({ queryKey: availabilityKeys.customDays(category) });
    },
  });
}
