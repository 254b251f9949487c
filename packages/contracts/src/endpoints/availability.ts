import { z } from 'zod';
import {
  availabilityCalendar,
  calendarPreview,
  availabilitySettings,
  availabilitySettingsInput,
  availabilitySetup,
  availabilitySetupInput,
  categoryQuery,
  customDay,
  customDayInput,
  timeslotCheck,
  timeslotDateParam,
  timeslotQuery,
  weeklyPlan,
  weeklyPlanInput,
} from '../availability.ts';
import { envelope, errorBody, messageOnly } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { m } from '../messages/index.ts';

/** A provider's own calendar (spec §7 "Availability" writes and `/provider/availability-setting`). */
const tags = ['availability'] as const;
const role = 'provider';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const customDayParams = z.strictObject({ id: z.uuid({ error: m.notFound }) });

export const getAvailabilitySettings = defineEndpoint({
  method: 'GET',
  path: '/provider-availability/settings',
  operationId: 'getAvailabilitySettings',
  summary: 'Time zone, session length, buffer, minimum notice, set-up type and horizon',
  tags,
  role,
  responses: { 200: envelope(availabilitySettings), ...errors },
});

export const updateAvailabilitySettings = defineEndpoint({
  method: 'PUT',
  path: '/provider-availability/settings',
  operationId: 'updateAvailabilitySettings',
  summary: 'Save the availability settings',
  tags,
  role,
  body: availabilitySettingsInput,
  responses: { 200: envelope(availabilitySettings), ...errors },
});

export const getAvailabilitySetup = defineEndpoint({
  method: 'GET',
  path: '/provider/availability-setting',
  operationId: 'getAvailabilitySetup',
  summary: "The calendar's set-up type and the provider's therapy categories",
  tags,
  role,
  query: categoryQuery,
  responses: { 200: envelope(availabilitySetup), ...errors },
});

export const saveAvailabilitySetup = defineEndpoint({
  method: 'POST',
  path: '/provider/availability-setting',
  operationId: 'saveAvailabilitySetup',
  summary: 'Switch between one general weekly plan and one plan per therapy category',
  tags,
  role,
  query: categoryQuery,
  body: availabilitySetupInput,
  responses: { 200: envelope(availabilitySetup), ...errors },
});

export const getDefaultWeeklyPlan = defineEndpoint({
  method: 'GET',
  path: '/provider-availability/days/default',
  operationId: 'getDefaultWeeklyPlan',
  summary: 'The general weekly plan',
  tags,
  role,
  query: categoryQuery,
  responses: { 200: envelope(weeklyPlan), ...errors },
});

export const saveDefaultWeeklyPlan = defineEndpoint({
  method: 'POST',
  path: '/provider-availability/days/default',
  operationId: 'saveDefaultWeeklyPlan',
  summary: 'Save the general weekly plan',
  tags,
  role,
  body: weeklyPlanInput,
  responses: { 200: envelope(weeklyPlan), ...errors },
});

export const getCategoryWeeklyPlan = defineEndpoint({
  method: 'GET',
  path: '/provider-availability/days/recurring',
  operationId: 'getCategoryWeeklyPlan',
  summary: 'The weekly plan of one therapy category (set-up type BY_CATEGORY)',
  tags,
  role,
  query: categoryQuery,
  responses: { 200: envelope(weeklyPlan), ...errors },
});

export const saveCategoryWeeklyPlan = defineEndpoint({
  method: 'POST',
  path: '/provider-availability/days/recurring',
  operationId: 'saveCategoryWeeklyPlan',
  summary: 'Save the weekly plan of one therapy category',
  tags,
  role,
  body: weeklyPlanInput,
  responses: { 200: envelope(weeklyPlan), ...errors },
});

export const listCustomDays = defineEndpoint({
  method: 'GET',
  path: '/provider-availability/days/custom',
  operationId: 'listCustomDays',
  summary: 'Date overrides from today on',
  tags,
  role,
  query: categoryQuery,
  responses: { 200: envelope(z.array(customDay)), ...errors },
});

export const saveCustomDay = defineEndpoint({
  method: 'POST',
  path: '/provider-availability/days/custom',
  operationId: 'saveCustomDay',
  summary: 'Add a date override, or replace the one of the same date',
  tags,
  role,
  body: customDayInput,
  responses: { 201: envelope(customDay), ...errors },
});

export const deleteCustomDay = defineEndpoint({
  method: 'DELETE',
  path: '/provider-availability/days/custom/:id',
  operationId: 'deleteCustomDay',
  summary: 'Remove a date override',
  tags,
  role,
  params: customDayParams,
  responses: { 200: messageOnly, ...errors },
});

/** Slots as clients see them (public, like the provider page) and the timeslot check (signed-in users). */
const slotErrors = { 400: errorBody, 401: errorBody, 404: errorBody };
const slotProviderParams = z.strictObject({ providerId: z.uuid({ error: m.notFound }) });
const slotProviderDateParams = slotProviderParams.extend({ date: timeslotDateParam });
const timeslotParams = z.strictObject({ id: z.string().min(1, m.timeslotInvalid).max(256, m.timeslotInvalid) });

export const getProviderTimeslots = defineEndpoint({
  method: 'GET',
  path: '/providers-availability/:providerId/timeslot',
  operationId: 'getProviderTimeslots',
  summary: "A provider's bookable slots from today to the horizon",
  tags,
  role: 'public',
  params: slotProviderParams,
  query: timeslotQuery,
  responses: { 200: envelope(availabilityCalendar), ...slotErrors },
});

export const getProviderTimeslotsOn = defineEndpoint({
  method: 'GET',
  path: '/providers-availability/:providerId/timeslot/:date',
  operationId: 'getProviderTimeslotsOn',
  summary: "A provider's bookable slots in one month (YYYY-MM) or on one day (YYYY-MM-DD)",
  tags,
  role: 'public',
  params: slotProviderDateParams,
  query: timeslotQuery,
  responses: { 200: envelope(availabilityCalendar), ...slotErrors },
});

export const checkTimeslot = defineEndpoint({
  method: 'GET',
  path: '/provider-availability/timeslot/:id',
  operationId: 'checkTimeslot',
  summary: 'Check a timeslot identifier again: signature, and whether it is still offered',
  tags,
  role: 'user',
  params: timeslotParams,
  query: categoryQuery,
  responses: { 200: envelope(timeslotCheck), ...slotErrors },
});

export const getCalendarPreview = defineEndpoint({
  method: 'GET',
  path: '/provider/calendar-preview/:date',
  operationId: 'getCalendarPreview',
  summary:
    "The provider's own free times in one month (YYYY-MM) or on one day, as clients will see them, also before verification",
  tags,
  role,
  params: z.strictObject({ date: timeslotDateParam }),
  query: timeslotQuery,
  responses: { 200: envelope(calendarPreview), ...errors },
});
