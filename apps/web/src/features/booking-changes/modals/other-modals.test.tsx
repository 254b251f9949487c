import type { ProviderClient } from '@therapy/contracts/bookings';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '@/components/ui/dialog';
import { referenceRoutes, uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { aBooking, bookingId, clientId, failure, providerId, validationFailure } from '../test/booking-fixture';
import { calendarRoute } from '../test/calendar-fixture';
import { AnswerRescheduleModal } from './answer-reschedule-modal';
import { CreateAppointmentModal } from './create-appointment-modal';
import { ScheduleBookingModal } from './schedule-booking-modal';
import { ShareBookingModal } from './share-booking-modal';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-10T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const inDialog = (ui: React.ReactElement) => (
  <Dialog open onOpenChange={() => undefined}>
    {ui}
  </Dialog>
);

async function pickFirstSlot(user: ReturnType<typeof renderWithProviders>['user'], id: string, editMode = false) {
  const { day } = calendarRoute(id);
  if (editMode) {
    const button = await vi.waitFor(() => {
      const b = document.querySelector(`[data-day="${day}"] button`) as HTMLButtonElement | null;
      if (!b || b.disabled) throw new Error('day not ready');
      return b;
    });
    await user.click(button);
  }
  const times = await screen.findAllByRole('button', { pressed: false });
  await user.click(times[0]!);
}

describe('ScheduleBookingModal', () => {
  it('requires a time, then schedules and goes to the payment page', async () => {
    const calendar = calendarRoute(providerId);
    const bodies: unknown[] = [];
    mockFetch([
      { path: calendar.path, respond: calendar.respond },
      {
        method: 'POST',
        path: `/api/v1/booking/${bookingId}/schedule`,
        respond: (init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return jsonResponse({ data: aBooking({ status: 'pending' }), message: 'Appointment Scheduled Successfully' });
        },
      },
    ]);
    const onClose = vi.fn();
    const { user, router } = renderWithProviders(
      inDialog(
        <ScheduleBookingModal
          booking={aBooking({ status: 'pending', startTime: null, endTime: null, createdBy: 'provider' })}
          onClose={onClose}
        />,
      ),
    );
    expect(await screen.findByText('No time yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Schedule and pay' }));
    expect(await screen.findByText('Please select a time slot')).toBeTruthy();
    expect(bodies).toEqual([]);

    await pickFirstSlot(user, providerId);
    await user.click(screen.getByRole('button', { name: 'Schedule and pay' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/payment/${bookingId}`));
    expect(bodies).toEqual([{ timeslotIdentifier: 'slot-9' }]);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the server message when the time was taken', async () => {
    const calendar = calendarRoute(providerId);
    mockFetch([
      { path: calendar.path, respond: calendar.respond },
      {
        method: 'POST',
        path: `/api/v1/booking/${bookingId}/schedule`,
        respond: () => failure(409, 'CONFLICT', 'This time slot has just been taken. Please choose another.'),
      },
    ]);
    const { user } = renderWithProviders(
      inDialog(
        <ScheduleBookingModal
          booking={aBooking({ status: 'pending', startTime: null, endTime: null })}
          onClose={() => undefined}
        />,
      ),
    );
    await pickFirstSlot(user, providerId);
    await user.click(screen.getByRole('button', { name: 'Schedule and pay' }));
    expect(await screen.findByText('This time slot has just been taken. Please choose another.')).toBeTruthy();
  });
});

describe('AnswerRescheduleModal', () => {
  const request = {
    identifier: uuid(600),
    status: 'pending' as const,
    requestedBy: 'provider' as const,
    fromStartTime: '2026-06-20T09:00:00.000Z',
    fromEndTime: '2026-06-20T10:00:00.000Z',
    toStartTime: '2026-06-21T09:00:00.000Z',
    toEndTime: '2026-06-21T10:00:00.000Z',
    note: 'I am travelling',
    createdAt: '2026-06-10T09:00:00.000Z',
    decidedAt: null,
  };

  it("shows the other party's request and accepts it", async () => {
    const bodies: unknown[] = [];
    mockFetch([
      {
        method: 'POST',
        path: `/api/v1/appointment/${bookingId}/reschedule-update`,
        respond: (init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return jsonResponse({ data: aBooking(), message: 'The new time has been accepted' });
        },
      },
    ]);
    const { user } = renderWithProviders(
      inDialog(
        <AnswerRescheduleModal
          booking={aBooking({ reschedules: [request] })}
          role="client"
          onClose={() => undefined}
        />,
      ),
    );
    expect(screen.getByText('Dana Doctor asked to move this session to a new time.')).toBeTruthy();
    expect(screen.getByText('I am travelling')).toBeTruthy();
    expect(screen.getByText(/Jun 21, 2026/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept new time' }));
    expect(await screen.findByText('The new time has been accepted')).toBeTruthy();
    expect(bodies).toEqual([{ status: 'accepted' }]);
  });

  it('declines it, and shows a failure', async () => {
    mockFetch([
      {
        method: 'POST',
        path: `/api/v1/appointment/${bookingId}/reschedule-update`,
        respond: () => failure(409, 'CONFLICT', 'There is no reschedule request to answer'),
      },
    ]);
    const { user } = renderWithProviders(
      inDialog(
        <AnswerRescheduleModal
          booking={aBooking({ reschedules: [request] })}
          role="client"
          onClose={() => undefined}
        />,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect((await screen.findByRole('alert')).textContent).toContain('There is no reschedule request to answer');
  });

  it('has nothing to answer for your own request', () => {
    mockFetch([]);
    renderWithProviders(
      inDialog(
        <AnswerRescheduleModal
          booking={aBooking({ reschedules: [request] })}
          role="provider"
          onClose={() => undefined}
        />,
      ),
    );
    expect(screen.getByText('There is no reschedule request to answer')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept new time' })).toBeNull();
  });
});

describe('ShareBookingModal', () => {
  it('checks the email, sends it and says "Mail Sent Successfully"', async () => {
    const bodies: unknown[] = [];
    mockFetch([
      {
        method: 'POST',
        path: '/api/v1/share-booking',
        respond: (init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return jsonResponse({ message: 'Mail Sent Successfully' });
        },
      },
    ]);
    const { user } = renderWithProviders(
      inDialog(<ShareBookingModal booking={aBooking()} onClose={() => undefined} />),
    );
    await user.type(screen.getByLabelText('Email address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(bodies).toEqual([]);

    await user.clear(screen.getByLabelText('Email address'));
    await user.type(screen.getByLabelText('Email address'), 'friend@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Mail Sent Successfully')).toBeTruthy();
    expect(bodies).toEqual([{ bookingIdentifier: bookingId, email: 'friend@example.com' }]);
  });

  it("shows the server's refusal", async () => {
    mockFetch([
      {
        method: 'POST',
        path: '/api/v1/share-booking',
        respond: () => validationFailure('Please enter a valid email address'),
      },
    ]);
    const { user } = renderWithProviders(
      inDialog(<ShareBookingModal booking={aBooking()} onClose={() => undefined} />),
    );
    await user.type(screen.getByLabelText('Email address'), 'friend@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please enter a valid email address');
  });
});

describe('CreateAppointmentModal', () => {
  const client: ProviderClient = {
    identifier: clientId,
    firstName: 'Robin',
    lastName: 'Client',
    username: null,
    picture: null,
    timezone: null,
    lastBookingAt: null,
    withoutAccount: false,
  };
  const therapyRef = uuid(100);
  const modalityRef = uuid(101);
  const profile = {
    identifier: providerId,
    email: 'dana@example.com',
    firstName: 'Dana',
    lastName: 'Doctor',
    phoneNumber: null,
    headline: null,
    title: null,
    officeAddress: null,
    bio: null,
    zipCode: null,
    countryIdentifier: null,
    stateIdentifier: null,
    dob: null,
    religionIdentifier: null,
    ethnicityIdentifier: null,
    gender: null,
    disciplineIdentifier: null,
    therapies: [therapyRef],
    modalities: [modalityRef],
    specialities: [],
    languages: [],
    photoUrl: null,
    setupComplete: true,
  };

  function renderCreate(clients: ProviderClient[], write?: () => Response) {
    const bodies: unknown[] = [];
    const calendar = calendarRoute(providerId);
    mockFetch([
      ...referenceRoutes,
      { path: '/api/v1/appointment/clients', respond: () => jsonResponse({ data: clients }) },
      { path: '/api/v1/provider', respond: () => jsonResponse({ data: profile }) },
      { path: calendar.path, respond: calendar.respond },
      {
        method: 'POST',
        path: '/api/v1/appointment',
        respond: (init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return write
            ? write()
            : jsonResponse(
                { data: aBooking({ status: 'pending', createdBy: 'provider' }), message: 'Appointment created' },
                201,
              );
        },
      },
    ]);
    return { ...renderWithProviders(inDialog(<CreateAppointmentModal onClose={() => undefined} />)), bodies };
  }

  it('requires client, session type and therapy with the spec messages', async () => {
    const { user, bodies } = renderCreate([client]);
    await user.click(await screen.findByRole('button', { name: 'Create appointment' }));
    expect(await screen.findByText('Please select a client')).toBeTruthy();
    expect(screen.getByText('Please select a modality')).toBeTruthy();
    expect(screen.getByText('Please select a therapy')).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  it('creates one without a time: the client will schedule and pay', async () => {
    const { user, bodies } = renderCreate([client]);
    await user.selectOptions(await screen.findByLabelText('Client'), clientId);
    await user.selectOptions(screen.getByLabelText('Session type'), modalityRef);
    await user.selectOptions(screen.getByLabelText('Therapy'), therapyRef);
    await user.click(screen.getByRole('button', { name: 'Create appointment' }));
    expect(
      await screen.findByText(
        'The appointment with Robin Client is created. Robin Client will be asked to choose a time and pay for it.',
      ),
    ).toBeTruthy();
    expect(bodies).toEqual([
      {
        clientIdentifier: clientId,
        modalityIdentifier: modalityRef,
        therapyIdentifier: therapyRef,
        timeslotIdentifier: null,
        note: null,
        payment: 'platform',
      },
    ]);
    // A client with an account is not asked how it is paid.
    expect(screen.queryByRole('radio', { name: /Paid outside the platform/ })).toBeNull();
  });

  it('for a client without an account: paid outside the platform needs a time and is confirmed', async () => {
    const record: ProviderClient = { ...client, identifier: uuid(77), firstName: 'Rita', withoutAccount: true };
    const { user, bodies } = renderCreate([client, record]);
    await user.selectOptions(await screen.findByLabelText('Client'), record.identifier);
    expect(screen.getByRole('option', { name: 'Rita Client (no account yet)' })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Session type'), modalityRef);
    await user.selectOptions(screen.getByLabelText('Therapy'), therapyRef);
    await user.click(screen.getByRole('radio', { name: /Paid outside the platform/ }));
    // The time is asked for at once (an outside-paid appointment is confirmed, so it needs one).
    expect(screen.queryByRole('checkbox', { name: 'Choose the time now' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create appointment' }));
    expect(await screen.findByText('Choose a time for an appointment paid outside the platform')).toBeTruthy();
    expect(bodies).toEqual([]);
    await pickFirstSlot(user, providerId);
    await user.click(screen.getByRole('button', { name: 'Create appointment' }));
    expect(
      await screen.findByText(
        'The appointment with Rita Client is confirmed and recorded as paid outside the platform.',
      ),
    ).toBeTruthy();
    expect(bodies[0]).toMatchObject({
      clientIdentifier: record.identifier,
      payment: 'outside',
      timeslotIdentifier: 'slot-9',
    });
  });

  it('for a client without an account who pays once they join: the invitation goes', async () => {
    const record: ProviderClient = { ...client, identifier: uuid(78), firstName: 'Rolf', withoutAccount: true };
    const { user, bodies } = renderCreate([record]);
    await user.selectOptions(await screen.findByLabelText('Client'), record.identifier);
    await user.selectOptions(screen.getByLabelText('Session type'), modalityRef);
    await user.selectOptions(screen.getByLabelText('Therapy'), therapyRef);
    expect(screen.getByRole('radio', { name: /pays on the platform once they join/ })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Create appointment' }));
    expect(
      await screen.findByText('Rolf Client has been invited. Once they join, they see the appointment and pay it.'),
    ).toBeTruthy();
    expect(bodies[0]).toMatchObject({ payment: 'platform', timeslotIdentifier: null });
  });

  it('with a time from their own calendar: a time is required once chosen', async () => {
    const { user, bodies } = renderCreate([client]);
    await user.selectOptions(await screen.findByLabelText('Client'), clientId);
    await user.selectOptions(screen.getByLabelText('Session type'), modalityRef);
    await user.selectOptions(screen.getByLabelText('Therapy'), therapyRef);
    await user.click(screen.getByRole('checkbox', { name: 'Choose the time now' }));
    await user.click(screen.getByRole('button', { name: 'Create appointment' }));
    expect(await screen.findByText('Please select a time slot')).toBeTruthy();
    expect(bodies).toEqual([]);
    await pickFirstSlot(user, providerId);
    await user.click(screen.getByRole('button', { name: 'Create appointment' }));
    expect(
      await screen.findByText(
        'The appointment with Robin Client is created. Robin Client will be asked to pay for it.',
      ),
    ).toBeTruthy();
    expect(bodies).toHaveLength(1);
    expect((bodies[0] as { timeslotIdentifier: string }).timeslotIdentifier).toBe('slot-9');
  });

  it('without clients: says how one appears', async () => {
    renderCreate([]);
    expect(
      await screen.findByText(
        'You have no clients yet. A client appears here once they have booked a session with you.',
      ),
    ).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    const { user } = renderCreate([client], () =>
      failure(409, 'CONFLICT', 'This therapist is not taking bookings yet'),
    );
    await user.selectOptions(await screen.findByLabelText('Client'), clientId);
    await user.selectOptions(screen.getByLabelText('Session type'), modalityRef);
    await user.selectOptions(screen.getByLabelText('Therapy'), therapyRef);
    await user.click(screen.getByRole('button', { name: 'Create appointment' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This therapist is not taking bookings yet');
  });
});
