import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { notify } from '@/lib/toast';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { LoginForm } from './login-form';

/**
 * Issue 48: a refused sign-in was only a toast that went away after four seconds. It now stays at the form, as an
 * alert (read out at once) that takes focus, until the next try; no toast repeats it.
 */
function refusing(message: { en: string; de: string }) {
  return mockFetch([
    {
      method: 'POST',
      path: '/api/v1/user/login',
      respond: (init) =>
        jsonResponse(
          {
            message: new Headers(init?.headers).get('accept-language')?.startsWith('de') ? message.de : message.en,
            code: 'INVALID_CREDENTIALS',
            requestId: 'r',
          },
          401,
        ),
    },
  ]);
}

const signIn = async (user: ReturnType<typeof userEvent.setup>, email: string, button: string) => {
  await user.type(screen.getByLabelText(/^(Email|E-Mail)/), email);
  await user.type(screen.getByLabelText(/^(Password|Passwort)$/), 'not-the-password');
  await user.click(screen.getByRole('button', { name: button }));
};

describe('sign-in form', () => {
  it('shows a wrong password at the form, as a focused alert, and no toast', async () => {
    refusing({ en: 'Invalid email or password', de: 'E-Mail oder Passwort ist falsch' });
    const toast = vi.spyOn(notify, 'error');
    // The app's own query client: its mutation cache toasts every error a mutation does not show itself.
    const router = createMemoryRouter([{ path: '/', element: <LoginForm /> }]);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await signIn(user, 'ada@example.com', 'Sign in');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sign-in failed');
    expect(alert.textContent).toContain('Invalid email or password');
    await waitFor(() => expect(document.activeElement).toBe(alert.parentElement));
    // It stays at the form, and no toast says it a second time (and goes away after four seconds).
    expect(toast).not.toHaveBeenCalled();
    toast.mockRestore();
  });

  it('a second failed try takes focus again', async () => {
    refusing({ en: 'Invalid email or password', de: 'E-Mail oder Passwort ist falsch' });
    const { user } = renderWithProviders(<LoginForm />);
    await signIn(user, 'ada@example.com', 'Sign in');
    const box = (await screen.findByRole('alert')).parentElement!;
    await waitFor(() => expect(document.activeElement).toBe(box));
    // The person goes back to the password field and tries again: the new refusal takes focus again.
    await user.click(screen.getByLabelText('Password'));
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert').parentElement));
  });

  it('in German', async () => {
    await i18n.changeLanguage('de');
    try {
      refusing({ en: 'Invalid email or password', de: 'E-Mail oder Passwort ist falsch' });
      const { user } = renderWithProviders(<LoginForm />);
      await signIn(user, 'ada@example.com', 'Anmelden');
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Anmeldung fehlgeschlagen');
      expect(alert.textContent).toContain('E-Mail oder Passwort ist falsch');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
