import { screen, waitFor } from '@testing-library/react';
import { de, en } from '@therapy/contracts/messages';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { ContactForm } from './contact-form';

function accepting() {
  const bodies: unknown[] = [];
  mockFetch([
    {
      method: 'POST',
      path: '/api/v1/contact',
      respond: (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        const german = new Headers(init?.headers).get('accept-language')?.startsWith('de');
        return jsonResponse({ message: german ? de.contactSent : en.contactSent }, 201);
      },
    },
  ]);
  return bodies;
}

const fieldError = (label: RegExp) => {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
};

describe('contact form', () => {
  it('shows the spec texts at the fields and sends nothing while they are wrong', async () => {
    const bodies = accepting();
    const { user } = renderWithProviders(<ContactForm />);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(fieldError(/^Email/)).toContain(en.contactRequired));
    expect(fieldError(/^First name/)).toContain(en.contactRequired);
    expect(fieldError(/^Last name/)).toContain(en.contactRequired);
    expect(fieldError(/^Your message/)).toContain(en.contactRequired);
    expect(fieldError(/^Phone/)).not.toContain(en.contactRequired);

    await user.type(screen.getByLabelText(/^Your message/), 'Too short');
    await user.type(screen.getByLabelText(/^Phone/), '12ab');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(fieldError(/^Your message/)).toContain(en.contactTextMin));
    expect(fieldError(/^Phone/)).toContain(en.contactPhoneCharacters);
    await user.clear(screen.getByLabelText(/^Phone/));
    await user.type(screen.getByLabelText(/^Phone/), '12345');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(fieldError(/^Phone/)).toContain(en.contactPhoneLength));
    expect(bodies).toEqual([]);
  });

  it('sends a good message and shows the success state', async () => {
    const bodies = accepting();
    const { user } = renderWithProviders(<ContactForm />);
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^First name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last name/), 'Lovelace');
    await user.type(screen.getByLabelText(/^Your message/), 'How does the first session work, please?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(en.contactSent)).toBeTruthy();
    expect(bodies).toEqual([
      {
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: '',
        message: 'How does the first session work, please?',
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();
  });

  it('in German', async () => {
    await i18n.changeLanguage('de');
    try {
      accepting();
      const { user } = renderWithProviders(<ContactForm />);
      await user.type(screen.getByLabelText(/^Deine Nachricht/), 'Zu kurz');
      await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
      await waitFor(() => expect(fieldError(/^Deine Nachricht/)).toContain(de.contactTextMin));
      expect(fieldError(/^E-Mail/)).toContain(de.contactRequired);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
