import type { AvailabilitySettings } from '@therapy/contracts/availability';
import { useEffect, useRef } from 'react';
import { useSaveSettings } from './availability-api';

/** The browser's IANA zone, or null where the browser gives none. */
export function browserTimezone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * A new provider has no zone yet (the server falls back to UTC): the first visit to the availability page saves the
 * browser's zone with the other settings as they are, before any weekly hours are saved in UTC (decision 0054). The
 * provider can change it in the settings form like any other value.
 */
export function useBrowserZoneForNewProvider(settings: AvailabilitySettings | undefined): void {
  const save = useSaveSettings();
  const tried = useRef(false);
  useEffect(() => {
    if (!settings || settings.timezoneSaved || tried.current) return;
    const zone = browserTimezone();
    if (!zone) return;
    tried.current = true;
    save.mutate({
      timezone: zone,
      sessionLengthMinutes: settings.sessionLengthMinutes,
      bufferMinutes: settings.bufferMinutes,
      minimumNoticeHours: settings.minimumNoticeHours,
    });
  }, [settings, save]);
}
