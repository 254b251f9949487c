import type {
  AvailabilitySettings,
  AvailabilitySettingsInput,
  CalendarSetupType,
  CustomDay,
  CustomDayInput,
  WeeklyPlanInput,
} from '@therapy/contracts/availability';
import {
  deleteCustomDay,
  getAvailabilitySettings,
  getAvailabilitySetup,
  getCategoryWeeklyPlan,
  getDefaultWeeklyPlan,
  listCustomDays,
  saveAvailabilitySetup,
  saveCategoryWeeklyPlan,
  saveCustomDay,
  saveDefaultWeeklyPlan,
  updateAvailabilitySettings,
} from '@therapy/contracts/endpoints/availability';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

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
    queryFn: async ({ signal }) => (await call(getAvailabilitySettings, { signal })).data,
  });

/** GET /provider/availability-setting: the set-up type and the provider's therapy categories. */
export const setupQuery = () =>
  queryOptions({
    queryKey: availabilityKeys.setup,
    queryFn: async ({ signal }) => (await call(getAvailabilitySetup, { signal })).data,
  });

/** The weekly plan the editor edits: GET days/default (general) or days/recurring?category= (one therapy). */
export const weeklyPlanQuery = (category: PlanOwner) =>
  queryOptions({
    queryKey: availabilityKeys.plan(category),
    queryFn: async ({ signal }) =>
      category
        ? (await call(getCategoryWeeklyPlan, { query: { category }, signal })).data
        : (await call(getDefaultWeeklyPlan, { signal })).data,
  });

/** GET /provider-availability/days/custom?category=: date overrides from today on. */
export const customDaysQuery = (category: PlanOwner) =>
  queryOptions({
    queryKey: availabilityKeys.customDays(category),
    queryFn: async ({ signal }) =>
      (await call(listCustomDays, { query: { category: category ?? undefined }, signal })).data,
  });

/** PUT /provider-availability/settings; resolves to the whole envelope so the screen can show the server's message. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AvailabilitySettingsInput) => call(updateAvailabilitySettings, { body: input }),
    onSuccess: ({ data }) => queryClient.setQueryData(availabilityKeys.settings, data),
  });
}

/** POST /provider/availability-setting: switches between one general plan and one plan per therapy. */
export function useSaveSetupType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (calendarSetupType: CalendarSetupType) => call(saveAvailabilitySetup, { body: { calendarSetupType } }),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(availabilityKeys.setup, data);
      queryClient.setQueryData<AvailabilitySettings>(availabilityKeys.settings, (old) =>
        old ? { ...old, calendarSetupType: data.calendarSetupType } : old,
      );
    },
  });
}

/** POST days/default, or days/recurring with the category: saves the whole week at once. */
export function useSaveWeeklyPlan(category: PlanOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WeeklyPlanInput) =>
      category
        ? call(saveCategoryWeeklyPlan, { body: { categoryIdentifier: category, days: input.days } })
        : call(saveDefaultWeeklyPlan, { body: { days: input.days } }),
    onSuccess: ({ data }) => queryClient.setQueryData(availabilityKeys.plan(category), data),
  });
}

/** POST days/custom: adds a custom day, or replaces the one of the same date. */
export function useSaveCustomDay(category: PlanOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomDayInput) => call(saveCustomDay, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: availabilityKeys.customDays(category) }),
  });
}

/** DELETE days/custom/{id}. */
export function useDeleteCustomDay(category: PlanOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (identifier: string) => call(deleteCustomDay, { params: { id: identifier } }),
    onSuccess: (_result, identifier) => {
      queryClient.setQueryData<CustomDay[]>(availabilityKeys.customDays(category), (old) =>
        old?.filter((d) => d.identifier !== identifier),
      );
      void queryClient.invalidateQueries({ queryKey: availabilityKeys.customDays(category) });
    },
  });
}
