import type { AvailabilitySettings } from '@therapy/contracts/availability';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { useBrowserZoneForNewProvider } from './use-browser-zone';

const settings = (timezoneSaved: boolean, timezone = 'UTC'): AvailabilitySettings => ({
  timezone,
  timezoneSaved,
  sessionLengthMinutes: 50,
  bufferMinutes: 10,
  minimumNoticeHours: 12,
  calendarSetupType: 'GENERAL',
  horizonDays: 60,
});

function Harness({ value }: { value: AvailabilitySettings }) {
  useBrowserZoneForNewProvider(value);
  return null;
}

afterEach(() => vi.restoreAllMocks());

describe("a new provider's time zone (decision 0054)", () => {
  it("saves the browser's zone, with the other settings as they are, while none was chosen", async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat('en').resolvedOptions(),
      timeZone: 'Europe/Berlin',
    });
    let body: unknown;
    const fetchMock = mockFetch([
      {
        method: 'PUT',
        path: '/api/v1/provider-availability/settings',
        respond: (init) => {
          body = JSON.parse(String(init?.body));
          return jsonResponse({ data: settings(true, 'Europe/Berlin'), message: 'Data saved successfully' });
        },
      },
    ]);
    renderWithProviders(<Harness value={settings(false)} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(body).toEqual({
      timezone: 'Europe/Berlin',
      sessionLengthMinutes: 50,
      bufferMinutes: 10,
      minimumNoticeHours: 12,
    });
  });

  it('leaves a chosen zone alone', async () => {
    const fetchMock = mockFetch([]);
    renderWithProviders(<Harness value={settings(true, 'America/New_York')} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
