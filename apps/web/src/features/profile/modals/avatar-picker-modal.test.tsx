import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from '@/components/ui/dialog';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import type { ComponentType } from 'react';
import { AvatarPickerModal } from './avatar-picker-modal';

// Modal props are `Record<string, never> & { onClose }`, which a JSX literal cannot satisfy; the host renders it the same way.
const Modal = AvatarPickerModal as unknown as ComponentType<{ onClose: () => void }>;

const profile = {
  identifier: uuid(9),
  firstName: null,
  lastName: null,
  userName: 'robin',
  email: 'robin@example.com',
  phoneNumber: null,
  photoUrl: null,
  avatarIdentifier: null,
  countryIdentifier: null,
  stateIdentifier: null,
  zipCode: null,
  dob: null,
  religionIdentifier: null,
  ethnicityIdentifier: null,
  gender: null,
  timezone: null,
};

describe('AvatarPickerModal', () => {
  it('says "please select an Avatar" when saving without a choice, then saves the chosen one', async () => {
    const fetchMock = mockFetch([
      { path: '/api/v1/client', respond: () => jsonResponse({ data: profile }) },
      {
        path: '/api/v1/client/avatars',
        respond: () =>
          jsonResponse({
            data: [1, 2, 3].map((n) => ({ identifier: uuid(n), photoUrl: `/avatars/avatar-0${n}.svg` })),
          }),
      },
      {
        method: 'POST',
        path: `/api/v1/client/avatar/${uuid(2)}`,
        respond: () =>
          jsonResponse({ data: { photoUrl: '/avatars/avatar-02.svg' }, message: 'Image Changed Successfully' }),
      },
    ]);
    const onClose = vi.fn();
    const { user } = renderWithProviders(
      <Dialog open onOpenChange={() => undefined}>
        <Modal onClose={onClose} />
      </Dialog>,
    );
    expect(await screen.findByRole('radio', { name: 'Avatar 1' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save avatar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('please select an Avatar');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('radio', { name: 'Avatar 2' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save avatar' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
