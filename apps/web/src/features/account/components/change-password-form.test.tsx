import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/render';
import { ChangePasswordForm } from './change-password-form';

describe('ChangePasswordForm', () => {
  it('shows "Passwords must match" when the confirmation differs', async () => {
    const fetchMock = mockFetch([]);
    const { user } = renderWithProviders(<ChangePasswordForm />);
    await user.type(screen.getByLabelText('Current password'), 'old-secret');
    await user.type(screen.getByLabelText('New password'), 'calm-river-42');
    await user.type(screen.getByLabelText('Confirm new password'), 'calm-river-24');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Passwords must match')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
