import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ModalHost } from '@/app/modal-host';
import { i18n } from '@/lib/i18n';
import { useModalStore } from '@/lib/modal-store';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { uuid } from '@/test/fixtures';
import { DevicesSection } from './devices-section';

const LIST = '/api/v1/user/sessions';
const here = {
  identifier: uuid(901),
  createdAt: '2026-11-26T08:00:00.000Z',
  lastActiveAt: '2026-11-26T09:30:00.000Z',
  ipAddress: '203.0.113.7',
  device: 'Firefox on Windows 10',
  current: true,
};
const phone = {
  identifier: uuid(902),
  createdAt: '2026-11-20T18:00:00.000Z',
  lastActiveAt: '2026-11-25T21:15:00.000Z',
  ipAddress: '198.51.100.9',
  device: 'Safari on iOS',
  current: false,
};
const tablet = { ...phone, identifier: uuid(903), ipAddress: null, device: null };

function renderSection() {
  return renderWithProviders(
    <>
      <DevicesSection />
      <ModalHost />
    </>,
  );
}

afterEach(async () => {
  useModalStore.getState().reset();
  await i18n.changeLanguage('en');
});

describe("DevicesSection: where you're signed in", () => {
  it('lists each device with this one marked, its address and times; unknown browser and address say so', async () => {
    mockFetch([{ path: LIST, respond: () => jsonResponse({ data: [here, phone, tablet] }) }]);
    renderSection();
    expect(screen.getByText('Loading your devices')).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('This device')).toBeTruthy();
    expect(within(items[0]!).getByText('203.0.113.7')).toBeTruthy();
    expect(within(items[0]!).getByText('Firefox on Windows 10')).toBeTruthy();
    // The current device has no sign-out of its own here; the others do, named for screen readers.
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: 'Sign out Safari on iOS' })).toBeTruthy();
    expect(within(items[1]!).queryByText('This device')).toBeNull();
    expect(within(items[2]!).getByText('Unknown browser')).toBeTruthy();
    expect(within(items[2]!).getByText('Unknown')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out all other devices' })).toBeTruthy();
  });

  it('signed in nowhere else: says so, and offers no "sign out all others"', async () => {
    mockFetch([{ path: LIST, respond: () => jsonResponse({ data: [here] }) }]);
    renderSection();
    expect(await screen.findByText('You are not signed in anywhere else.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign out all other devices' })).toBeNull();
  });

  it('a failed load says so and tries again on request', async () => {
    let calls = 0;
    mockFetch([
      {
        path: LIST,
        respond: () => {
          calls += 1;
          return calls === 1
            ? jsonResponse({ message: 'Boom', code: 'INTERNAL_ERROR', requestId: 'r1' }, 500)
            : jsonResponse({ data: [here, phone] });
        },
      },
    ]);
    const { user } = renderSection();
    expect(await screen.findByText('Your devices could not be loaded.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Safari on iOS')).toBeTruthy();
  });

  it('signs out one other device after a confirmation, then lists what is left', async () => {
    let ended = false;
    const fetchMock = mockFetch([
      { path: LIST, respond: () => jsonResponse({ data: ended ? [here] : [here, phone] }) },
      {
        method: 'DELETE',
        path: `${LIST}/${phone.identifier}`,
        respond: () => {
          ended = true;
          return jsonResponse({ message: 'Signed out of that device.' });
        },
      },
    ]);
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iOS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this device?' });
    expect(
      within(dialog).getByText('Safari on iOS will be signed out at once. Whoever uses it must sign in again.'),
    ).toBeTruthy();
    // Nothing happens before the confirmation.
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out device' }));
    expect(await screen.findByText('You are not signed in anywhere else.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cancelling the confirmation signs nothing out', async () => {
    const fetchMock = mockFetch([{ path: LIST, respond: () => jsonResponse({ data: [here, phone] }) }]);
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Sign out all other devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out all other devices?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
    expect(screen.getByText('Safari on iOS')).toBeTruthy();
  });

  it('signs out all other devices; a refusal is shown in the dialog', async () => {
    let tries = 0;
    mockFetch([
      { path: LIST, respond: () => jsonResponse({ data: tries > 1 ? [here] : [here, phone, tablet] }) },
      {
        method: 'DELETE',
        path: LIST,
        respond: () => {
          tries += 1;
          return tries === 1
            ? jsonResponse(
                { message: 'Too many requests, please try again later', code: 'TOO_MANY_REQUESTS', requestId: 'r2' },
                429,
              )
            : jsonResponse({ message: 'Signed out of all other devices.' });
        },
      },
    ]);
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Sign out all other devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out all other devices?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out other devices' }));
    expect(await within(dialog).findByText('Too many requests, please try again later')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out other devices' }));
    expect(await screen.findByText('You are not signed in anywhere else.')).toBeTruthy();
  });

  it('in German', async () => {
    await i18n.changeLanguage('de');
    mockFetch([{ path: LIST, respond: () => jsonResponse({ data: [here, phone] }) }]);
    renderSection();
    expect(await screen.findByText('Dieses Gerät')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Wo du angemeldet bist' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Alle anderen Geräte abmelden' })).toBeTruthy();
  });
});
