import type { AvailabilityCalendar } from '@therapy/contracts/availability';
import { addDays, browserTimeZone, monthOf, todayIn } from '@/components/slot-picker/slot-picker-model';
import { jsonResponse } from '@/test/render';

/** A provider's calendar with one bookable day (tomorrow) of two slots, as the availability API answers it. */
export function calendarRoute(providerId: string) {
  const zone = browserTimeZone();
  const today = todayIn(zone);
  const day = addDays(today, 1);
  const slot = (h: number) => ({
    identifier: `slot-${h}`,
    startTime: `${day}T${String(h).padStart(2, '0')}:00:00.000Z`,
    endTime: `${day}T${String(h + 1).padStart(2, '0')}:00:00.000Z`,
  });
  const calendar: AvailabilityCalendar = {
    timezone: zone,
    providerTimezone: 'Europe/Berlin',
    calendarSetupType: 'GENERAL',
    firstDate: today,
    lastDate: addDays(today, 60),
    items: [{ date: { date: day, isAvailable: true }, timeSlot: [slot(9), slot(11)] }],
  };
  return {
    day,
    path: `/api/v1/providers-availability/${providerId}/timeslot/${monthOf(day)}`,
    respond: () => jsonResponse({ data: calendar }),
  };
}
