import type { UserInfo } from '@therapy/contracts/auth';
import { setupStepKeys } from '@therapy/contracts/practice-setup';
import type { ProviderVerification } from '@therapy/contracts/verification';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { PracticeHubRoute } from '../routes/practice-hub-route';
import { SetupChecklist } from './setup-checklist';

const provider: UserInfo = {
  identifier: '01890a5d-ac96-774b-bcce-b302099a8001',
  email: 'theo@example.com',
  userType: 'provider',
  firstName: 'Theo',
  lastName: 'Okafor',
  isSocial: false,
  emailVerified: true,
  accountActive: true,
  countryCode: 'US',
  locale: 'en',
  timezone: 'America/New_York',
  createdAt: '2026-01-01T00:00:00.000Z',
};

const verification = (
  complete: readonly string[],
  status: ProviderVerification['status'] = 'not_submitted',
): ProviderVerification => ({
  status,
  steps: setupStepKeys.map((key) => ({ key, complete: complete.includes(key) })),
  completed: complete.length,
  total: setupStepKeys.length,
  submittedAt: null,
  decidedAt: null,
  changes: [],
  suspendedReason: null,
});

afterEach(() => useAuthStore.setState({ user: null }));

describe('SetupChecklist', () => {
  it('shows the progress and links every step to its page, marked complete or to do', () => {
    renderWithProviders(<SetupChecklist steps={verification(['profile', 'availability', 'fees']).steps} />);
    expect(screen.getByText('3 of 7 steps complete')).toBeTruthy();
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('3');
    expect(bar.getAttribute('aria-valuemax')).toBe('7');
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/account',
      '/practice/credentials',
      '/practice/credentials#insurance',
      '/practice/fees',
      '/availability',
      '/practice/license-states',
      '/practice/bank-details',
      // Not a step to submit, but shown to clients: the work history (issue 47: no page linked to it).
      '/practice/work-history',
    ]);
    expect(screen.getByRole('link', { name: /Work history/ }).textContent).toContain(
      'Clients see it on your public profile',
    );
    expect(within(screen.getByRole('link', { name: /Profile/ })).getByText('Complete')).toBeTruthy();
    expect(within(screen.getByRole('link', { name: /Bank details/ })).getByText('To do')).toBeTruthy();
  });
});

describe('PracticeHubRoute', () => {
  it('keeps "Submit for verification" disabled until every step is complete, and says why', async () => {
    useAuthStore.getState().setSession('token', provider);
    const fetchMock = mockFetch([
      {
        path: '/api/v1/provider/verification',
        respond: () => jsonResponse({ data: verification(['profile', 'availability']) }),
      },
      {
        path: '/api/v1/provider/qualification/verification-note',
        respond: () => jsonResponse({ data: { status: 'not_submitted', note: null, decidedAt: null } }),
      },
    ]);
    renderWithProviders(<PracticeHubRoute />);
    const button = await screen.findByRole('button', { name: 'Submit for verification' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Complete every step of the checklist to submit your practice.')).toBeTruthy();
    expect(screen.getByText('2 of 7 steps complete')).toBeTruthy();
    expect(screen.getByText('Not submitted')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) =>
          String(url).includes('verification-submission') || (init as RequestInit | undefined)?.method === 'PUT',
      ),
    ).toBe(false);
  });

  it('submits a complete practice only after the confirmation, then shows it under review', async () => {
    useAuthStore.getState().setSession('token', provider);
    let state = verification(setupStepKeys);
    let submitted = 0;
    mockFetch([
      { path: '/api/v1/provider/verification', respond: () => jsonResponse({ data: state }) },
      {
        path: '/api/v1/provider/qualification/verification-note',
        respond: () => jsonResponse({ data: { status: state.status, note: null, decidedAt: null } }),
      },
      {
        method: 'PUT',
        path: '/api/v1/provider/verification-submission',
        respond: () => {
          submitted += 1;
          state = { ...state, status: 'submitted', submittedAt: '2026-03-23T08:00:00.000Z' };
          return jsonResponse({ data: state, message: 'Your practice was submitted for verification' });
        },
      },
    ]);
    const { user } = renderWithProviders(<PracticeHubRoute />);
    await user.click(await screen.findByRole('button', { name: 'Submit for verification' }));
    expect(submitted).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Yes, submit' }));
    expect(await screen.findByText('Under review')).toBeTruthy();
    expect(submitted).toBe(1);
    expect(screen.queryByRole('button', { name: 'Submit for verification' })).toBeNull();
  });

  it("shows a rejection with the reviewer's note and offers to submit again", async () => {
    useAuthStore.getState().setSession('token', provider);
    mockFetch([
      {
        path: '/api/v1/provider/verification',
        respond: () => jsonResponse({ data: verification(setupStepKeys, 'rejected') }),
      },
      {
        path: '/api/v1/provider/qualification/verification-note',
        respond: () =>
          jsonResponse({
            data: {
              status: 'rejected',
              note: 'Please upload a readable licence.',
              decidedAt: '2026-03-23T09:00:00.000Z',
            },
          }),
      },
    ]);
    renderWithProviders(<PracticeHubRoute />);
    expect(await screen.findByText('Please upload a readable licence.')).toBeTruthy();
    expect(screen.getByText('Changes needed')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Submit again for verification' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('tells a client the page is for providers, without asking the API', () => {
    useAuthStore.getState().setSession('token', { ...provider, userType: 'client' });
    const fetchMock = mockFetch([]);
    renderWithProviders(<PracticeHubRoute />);
    expect(screen.getByText('For providers only')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
