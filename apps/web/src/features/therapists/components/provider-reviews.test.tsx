import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { ProviderReviews } from './provider-reviews';

const providerId = uuid(40);
const review = (n: number, rating: number, authorName: string | null) => ({
  identifier: uuid(400 + n),
  rating,
  comment: `Review number ${n}`,
  authorName,
  createdAt: '2026-11-20T10:00:00.000Z',
});

describe('ProviderReviews', () => {
  it('shows the exact average with the count, then the reviews, anonymous ones without a name', async () => {
    mockFetch([
      {
        path: `/api/v1/review/provider/${providerId}`,
        respond: () =>
          jsonResponse({
            data: { average: 4.17, count: 3, items: [review(1, 5, 'Sam L.'), review(2, 3, null)] },
            meta: { page: 1, pageSize: 5, total: 3, totalPages: 1 },
          }),
      },
    ]);
    renderWithProviders(<ProviderReviews providerId={providerId} />);
    expect(await screen.findByText('4.17 out of 5 (3 reviews)')).toBeTruthy();
    expect(screen.getByText('Review number 1')).toBeTruthy();
    expect(screen.getByText(/^Sam L\./)).toBeTruthy();
    expect(screen.getByText(/^Anonymous client/)).toBeTruthy();
    expect(screen.getByText('3 of 5 stars')).toBeTruthy();
  });

  it('says when there are none, and when they cannot be loaded', async () => {
    mockFetch([
      {
        path: `/api/v1/review/provider/${providerId}`,
        respond: () =>
          jsonResponse({
            data: { average: null, count: 0, items: [] },
            meta: { page: 1, pageSize: 5, total: 0, totalPages: 0 },
          }),
      },
    ]);
    const first = renderWithProviders(<ProviderReviews providerId={providerId} />);
    expect(await screen.findByText('No reviews yet.')).toBeTruthy();
    first.unmount();
    mockFetch([
      {
        path: `/api/v1/review/provider/${providerId}`,
        respond: () => jsonResponse({ message: 'Boom', code: 'INTERNAL_ERROR', requestId: 'r' }, 500),
      },
    ]);
    renderWithProviders(<ProviderReviews providerId={providerId} />);
    expect(await screen.findByText('The reviews could not be loaded.')).toBeTruthy();
  });
});
