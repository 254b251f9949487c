import type { BookingDetails } from '@therapy/contracts/bookings';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/toast';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { BookingForm } from './booking-form';

vi.mock('@/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), loading: vi.fn(), dismiss: vi.fn() } }));
afterEach(() => vi.clearAllMocks());

const providerId = uuid(501);
const modalityId = uuid(511);
/** The provider offers online sessions only: the form lists only those (not every modality there is). */
const modalities = [{ identifier: modalityId, code: 'online', name: 'Online' }];
const therapyId = uuid(510);
const therapies = [
  { identifier: therapyId, code: 'anxiety', name: 'Anxiety' },
  { identifier: uuid(512), code: 'depression', name: 'Depression' },
];
/** Two session types: nothing is preselected (one alone would be). */
const twoModalities = [...modalities, { identifier: uuid(513), code: 'in-person', name: 'In person' }];
const slot = { identifier: 'signed-slot-identifier', label: 'Monday, June 10, 2030, 9:00 AM' };
/** The public page's prices: Anxiety at its own fee, Depression at the general one (issue 48). */
const prices = [
  { therapy: therapies[0]!, fee: { amount: 8000, currencyCode: 'EUR', isFree: false } },
  { therapy: therapies[1]!, fee: { amount: 6000, currencyCode: 'EUR', isFree: false } },
];

function booking(status: BookingDetails['status'], id = uuid(900)) {
  return {
    identifier: id,
    status,
    previousStatus: null,
    provider: {
      identifier: providerId,
      firstName: 'Dana',
      lastName: 'Fischer',
      username: null,
      picture: null,
      timezone: 'UTC',
    },
    client: {
      identifier: uuid(502),
      firstName: 'Sam',
      lastName: 'Lee',
      username: null,
      picture: null,
      timezone: 'UTC',
    },
    therapyCategory: { identifier: therapyId, code: 'anxiety', name: 'Anxiety' },
    modality: { identifier: modalityId, code: 'online', name: 'Online' },
    startTime: '2030-06-10T09:00:00.000Z',
    endTime: '2030-06-10T09:50:00.000Z',
    note: null,
    meetingLink: null,
    address: null,
    price: { amount: 9000, currencyCode: 'EUR' },
    paymentMethod: 'platform' as const,
    holdExpiresAt: status === 'pending' ? '2030-06-01T08:30:00.000Z' : null,
    seriesIdentifier: null,
    createdBy: 'client' as const,
    rescheduleInfo: { status: null, remainingClientReschedule: 2, remainingProviderReschedule: 3 },
    reschedules: [],
    allowRescheduleCompletedBooking: false,
    feedbackProvided: false,
    participantIdentifier: null,
    createdAt: '2030-06-01T08:00:00.000Z',
  };
}

function api(
  respond: (init: RequestInit | undefined) => Response = () => jsonResponse({ data: booking('pending') }, 201),
) {
  return mockFetch([
    { method: 'POST', path: '/api/v1/booking', respond },
    {
      method: 'POST',
      path: '/api/v1/booking/series',
      respond: () => jsonResponse({ data: [booking('pending'), booking('pending', uuid(901))] }, 201),
    },
  ]);
}

const render = (props: Partial<Parameters<typeof BookingForm>[0]> = {}) =>
  renderWithProviders(
    <BookingForm
      providerId={providerId}
      therapies={therapies}
      modalities={modalities}
      prices={prices}
      slot={slot}
      therapyInCalendar={false}
      onSlotGone={() => undefined}
      {...props}
    />,
    { route: `/therapists/${providerId}`, path: '/therapists/:providerId' },
  );

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  JSON.parse(
    String(fetchMock.mock.calls.find(([i, init]) => String(i).endsWith(path) && init?.method === 'POST')![1]!.body),
  ) as Record<string, unknown>;

async function fill(u: ReturnType<typeof render>['user']) {
  await waitFor(() => expect(screen.getByRole('option', { name: 'Online' })).toBeTruthy());
  await u.selectOptions(screen.getByRole('combobox', { name: 'Modality' }), 'Online');
  await u.selectOptions(screen.getByRole('combobox', { name: 'Therapy' }), 'Anxiety');
}

describe('BookingForm', () => {
  it("without a modality, therapy and time, shows each message of the server's schema and sends nothing", async () => {
    const fetchMock = api();
    const { user: u } = render({ slot: null, modalities: twoModalities });
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please select a modality')).toBeTruthy();
    expect(screen.getByText('Please select a therapy')).toBeTruthy();
    expect(screen.getByText('Please select a time slot')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows the price of the chosen therapy before Continue, with its currency, as the choice changes', async () => {
    api();
    const { user: u } = render({ modalities: twoModalities });
    const price = screen.getByTestId('booking-price');
    expect(price.textContent).toBe('Fee per sessionChoose a therapy to see its fee.');
    await u.selectOptions(screen.getByRole('combobox', { name: 'Therapy' }), 'Anxiety');
    expect(price.textContent).toBe('Fee per session€80.00');
    await u.selectOptions(screen.getByRole('combobox', { name: 'Therapy' }), 'Depression');
    expect(price.textContent).toBe('Fee per session€60.00');
    // The session type does not change it.
    await u.selectOptions(screen.getByRole('combobox', { name: 'Modality' }), 'In person');
    expect(price.textContent).toBe('Fee per session€60.00');
    await u.click(screen.getByRole('checkbox', { name: 'Repeat weekly' }));
    await u.selectOptions(screen.getByRole('combobox', { name: 'Number of weekly sessions' }), '6 sessions');
    expect(screen.getByText('6 sessions at €60.00 each')).toBeTruthy();
    expect(price.getAttribute('aria-live')).toBe('polite');
  });

  it('says the price in German, and "Kostenlos" for a free therapy', async () => {
    api();
    await i18n.changeLanguage('de');
    try {
      const free = [prices[0]!, { therapy: therapies[1]!, fee: { amount: 0, currencyCode: 'EUR', isFree: true } }];
      const { user: u } = render({ prices: free });
      const price = screen.getByTestId('booking-price');
      expect(price.textContent).toBe('Honorar pro SitzungWähle eine Therapie, um ihr Honorar zu sehen.');
      await u.selectOptions(screen.getByRole('combobox', { name: 'Therapie' }), therapyId);
      expect(price.textContent).toMatch(/^Honorar pro Sitzung80,00\s€$/);
      await u.selectOptions(screen.getByRole('combobox', { name: 'Therapie' }), uuid(512));
      expect(price.textContent).toBe('Honorar pro SitzungKostenlos');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('preselects the only session type and the only therapy, and shows that price at once', async () => {
    const fetchMock = api();
    const { user: u, router } = render({ therapies: [therapies[0]!], prices: [prices[0]!] });
    expect((screen.getByRole('combobox', { name: 'Modality' }) as HTMLSelectElement).value).toBe(modalityId);
    expect((screen.getByRole('combobox', { name: 'Therapy' }) as HTMLSelectElement).value).toBe(therapyId);
    expect(screen.getByTestId('booking-price').textContent).toBe('Fee per session€80.00');
    // Nothing to choose: Continue books at once.
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/payment/${uuid(900)}`));
    expect(bodyOf(fetchMock, '/booking')).toMatchObject({
      modalityIdentifier: modalityId,
      therapyIdentifier: therapyId,
    });
  });

  it('with two session types and two therapies nothing is preselected', async () => {
    api();
    render({ modalities: twoModalities });
    expect((screen.getByRole('combobox', { name: 'Modality' }) as HTMLSelectElement).value).toBe('');
    expect((screen.getByRole('combobox', { name: 'Therapy' }) as HTMLSelectElement).value).toBe('');
  });

  it('counts the note and refuses 401 characters with "The note is at most 400 characters"', async () => {
    const fetchMock = api();
    const { user: u } = render();
    await fill(u);
    const note = screen.getByRole('textbox', { name: /Note for the therapist/ });
    await u.click(note);
    await u.paste('x'.repeat(401));
    expect(screen.getByText('401 of 400 characters')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The note is at most 400 characters')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('books (POST /booking) and goes to /payment/{id} for a pending booking', async () => {
    const fetchMock = api();
    const { user: u, router } = render();
    await fill(u);
    await u.type(screen.getByRole('textbox', { name: /Note for the therapist/ }), 'Evenings are better');
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/payment/${uuid(900)}`));
    expect(bodyOf(fetchMock, '/booking')).toEqual({
      modalityIdentifier: modalityId,
      therapyIdentifier: therapyId,
      timeslotIdentifier: slot.identifier,
      note: 'Evenings are better',
    });
    expect(notify.success).toHaveBeenCalledWith('Booking created. Please pay within 30 minutes to keep your slot.');
  });

  it('a requested booking goes to its page with "sent to the therapist"', async () => {
    api(() => jsonResponse({ data: booking('requested') }, 201));
    const { user: u, router } = render();
    await fill(u);
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/appointments/${uuid(900)}`));
    expect(notify.success).toHaveBeenCalledWith('Your booking request has been sent to the therapist');
  });

  it('repeats weekly through POST /booking/series with the number of sessions', async () => {
    const fetchMock = api();
    const { user: u, router } = render();
    await fill(u);
    await u.click(screen.getByRole('checkbox', { name: 'Repeat weekly' }));
    await u.selectOptions(screen.getByRole('combobox', { name: 'Number of weekly sessions' }), '6 sessions');
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/payment/${uuid(900)}`));
    expect(bodyOf(fetchMock, '/booking/series')).toMatchObject({ occurrences: 6, timeslotIdentifier: slot.identifier });
  });

  it("shows the server's licence refusal above the button", async () => {
    const text =
      'This therapist is not licensed in your state (CA), so they cannot see you. Please choose a therapist licensed in your state.';
    api(() => jsonResponse({ message: text, code: 'FORBIDDEN', errors: [text], requestId: 'r' }, 403));
    const { user: u } = render();
    await fill(u);
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('a slot taken meanwhile marks the time and asks the calendar for fresh times', async () => {
    const text = 'This time slot has just been taken. Please choose another.';
    const onSlotGone = vi.fn();
    api(() => jsonResponse({ message: text, code: 'CONFLICT', errors: [text], requestId: 'r' }, 409));
    const { user: u } = render({ onSlotGone });
    await fill(u);
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(onSlotGone).toHaveBeenCalled();
  });

  it('once a time is picked after "Please select a time slot", the message goes', async () => {
    api();
    function WithCalendar() {
      const [picked, setPicked] = useState<typeof slot | null>(null);
      return (
        <>
          <button type="button" onClick={() => setPicked(slot)}>
            pick
          </button>
          <BookingForm
            providerId={providerId}
            therapies={therapies}
            modalities={twoModalities}
            prices={prices}
            slot={picked}
            therapyInCalendar={false}
            onSlotGone={() => undefined}
          />
        </>
      );
    }
    const { user: u } = renderWithProviders(<WithCalendar />);
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please select a time slot')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'pick' }));
    await waitFor(() => expect(screen.queryByText('Please select a time slot')).toBeNull());
    expect(screen.getByTestId('booking-time').textContent).toBe(slot.label);
    expect(screen.getByText('Please select a modality')).toBeTruthy();
  });
});
