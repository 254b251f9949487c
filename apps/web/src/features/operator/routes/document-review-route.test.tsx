import type { UserInfo } from '@therapy/contracts/auth';
import type { VerificationReview } from '@therapy/contracts/verification';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { DocumentReviewRoute } from './document-review-route';

const operator: UserInfo = {
  identifier: uuid(1),
  email: 'ops@example.com',
  userType: 'operator',
  firstName: 'Olu',
  lastName: 'Reviewer',
  isSocial: false,
  emailVerified: true,
  accountActive: true,
  countryCode: null,
  locale: 'en',
  timezone: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const providerId = uuid(2);
const review: VerificationReview = {
  provider: {
    identifier: providerId,
    firstName: 'Theo',
    lastName: 'Okafor',
    title: 'Dr',
    headline: 'Family Therapist',
    photoUrl: null,
    therapies: [],
    modalities: [],
  },
  email: 'theo@example.com',
  submittedAt: '2026-03-23T08:00:00.000Z',
  documents: [
    {
      identifier: uuid(3),
      kind: 'license',
      title: 'New York State Board, LMHC-12/34',
      files: [
        {
          identifier: uuid(4),
          filename: 'licence.pdf',
          size: 204_800,
          contentType: 'application/pdf',
          url: '/api/v1/files/signed-licence',
        },
      ],
    },
  ],
};

afterEach(() => useAuthStore.setState({ user: null }));

describe('DocumentReviewRoute', () => {
  it('lists the documents, each file opening in a new tab', async () => {
    useAuthStore.getState().setSession('token', operator);
    mockFetch([
      { path: `/api/v1/operator/verifications/${providerId}`, respond: () => jsonResponse({ data: review }) },
    ]);
    renderWithProviders(<DocumentReviewRoute />, {
      route: `/operator/reviews/${providerId}`,
      path: '/operator/reviews/:providerId',
    });
    const file = await screen.findByRole('link', { name: /licence\.pdf/ });
    expect(file.getAttribute('href')).toBe('/api/v1/files/signed-licence');
    expect(file.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('Licence: New York State Board, LMHC-12/34')).toBeTruthy();
    expect(screen.getByText('(200 kb)')).toBeTruthy();
  });

  it('refuses a rejection without a note in the form, as the server would, and sends the note once given', async () => {
    useAuthStore.getState().setSession('token', operator);
    let sent: unknown;
    mockFetch([
      { path: `/api/v1/operator/verifications/${providerId}`, respond: () => jsonResponse({ data: review }) },
      {
        method: 'POST',
        path: `/api/v1/operator/verifications/${providerId}/reject`,
        respond: (init) => {
          sent = JSON.parse(String(init?.body));
          return jsonResponse({
            data: {
              providerIdentifier: providerId,
              status: 'rejected',
              note: 'Unreadable',
              decidedAt: '2026-03-23T09:00:00.000Z',
            },
            message: 'Practice rejected',
          });
        },
      },
      { path: '/api/v1/operator/verifications', respond: () => jsonResponse({ data: [] }) },
    ]);
    const { user, router } = renderWithProviders(<DocumentReviewRoute />, {
      route: `/operator/reviews/${providerId}`,
      path: '/operator/reviews/:providerId',
    });
    await user.click(await screen.findByRole('button', { name: 'Reject…' }));
    await user.click(screen.getByRole('button', { name: 'Reject with this note' }));
    expect(await screen.findByText('A note is required to reject')).toBeTruthy();
    expect(sent).toBeUndefined();
    await user.type(screen.getByLabelText('Note to the provider'), 'Unreadable');
    await user.click(screen.getByRole('button', { name: 'Reject with this note' }));
    await expect.poll(() => router.state.location.pathname).toBe('/operator/reviews');
    expect(sent).toEqual({ note: 'Unreadable' });
  });

  it('says so when the practice is no longer under review (404)', async () => {
    useAuthStore.getState().setSession('token', operator);
    mockFetch([
      {
        path: `/api/v1/operator/verifications/${providerId}`,
        respond: () => jsonResponse({ message: 'Not found', code: 'NOT_FOUND', requestId: 'req-1' }, 404),
      },
    ]);
    renderWithProviders(<DocumentReviewRoute />, {
      route: `/operator/reviews/${providerId}`,
      path: '/operator/reviews/:providerId',
    });
    expect(await screen.findByText('Not under review')).toBeTruthy();
  });

  it('a provider gets a refusal and no operator call', () => {
    useAuthStore.getState().setSession('token', { ...operator, userType: 'provider' });
    const fetchMock = mockFetch([]);
    renderWithProviders(<DocumentReviewRoute />, {
      route: `/operator/reviews/${providerId}`,
      path: '/operator/reviews/:providerId',
    });
    expect(screen.getByText('For the review team only')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
