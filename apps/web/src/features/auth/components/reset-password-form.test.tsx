import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '@/test/render';
import { ResetPasswordForm } from './reset-password-form';

describe('ResetPasswordForm', () => {
  it('shows "Password must match" when the confirmation differs', async () => {
    const fetchMock = mockFetch([]);
    const { user } = renderWithProviders(<ResetPasswordForm token="reset-token" />);
    await user.type(screen.getByLabelText('New password'), 'calm-river-42');
    await user.type(screen.getByLabelText('Confirm password'), 'calm-river-43');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Password must match')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
