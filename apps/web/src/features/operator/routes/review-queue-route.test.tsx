import type { VerificationQueueItem } from '@therapy/contracts/verification';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { ReviewQueueRoute } from './review-queue-route';
import { operator } from '../test-operator';

const queue: VerificationQueueItem[] = [
  {
    providerIdentifier: uuid(2),
    firstName: 'Theo',
    lastName: 'Okafor',
    email: 'theo@example.com',
    submittedAt: '2026-03-20T08:00:00.000Z',
    kind: 'practice',
  },
  {
    providerIdentifier: uuid(3),
    firstName: 'Dana',
    lastName: 'Abernathy',
    email: 'dana@example.com',
    submittedAt: '2026-03-21T08:00:00.000Z',
    kind: 'changes',
  },
];

afterEach(() => useAuthStore.setState({ user: null }));

describe('ReviewQueueRoute', () => {
  it('tells a new practice from changes to a verified one, each a link to its desk', async () => {
    useAuthStore.getState().setSession('token', operator);
    mockFetch([{ path: '/api/v1/operator/verifications', respond: () => jsonResponse({ data: queue }) }]);
    renderWithProviders(<ReviewQueueRoute />, { route: '/operator/reviews', path: '/operator/reviews' });
    const theo = await screen.findByRole('link', { name: /Theo Okafor/ });
    expect(theo.getAttribute('href')).toBe(`/operator/reviews/${uuid(2)}`);
    expect(within(theo).getByText('New practice')).toBeTruthy();
    expect(within(theo).getByText(/^Submitted /)).toBeTruthy();
    const dana = screen.getByRole('link', { name: /Dana Abernathy/ });
    expect(within(dana).getByText('Changes')).toBeTruthy();
    expect(within(dana).getByText(/^Changed /)).toBeTruthy();
  });
});
