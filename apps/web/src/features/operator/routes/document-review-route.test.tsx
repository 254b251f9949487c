import type { VerificationReview } from '@therapy/contracts/verification';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { DocumentReviewRoute } from './document-review-route';
import { operator } from '../test-operator';

const providerId = uuid(2);
const newYork = uuid(10);
const california = uuid(11);
const nyLicence = uuid(3);
const caLicence = uuid(5);
const file = (id: number, filename: string) => ({
  identifier: uuid(id),
  filename,
  size: 204_800,
  contentType: 'application/pdf',
  url: `/api/v1/files/signed-${id}`,
});

/** A verified practice that added California with a Californian licence: changes wait for review. */
const changes: VerificationReview = {
  provider: {
    identifier: providerId,
    firstName: 'Theo',
    lastName: 'Okafor',
    title: 'Dr',
    headline: 'Family Therapist',
    photoUrl: null,
    therapies: [{ identifier: uuid(20), code: 'family', name: 'Family therapy' }],
    modalities: [{ identifier: uuid(21), code: 'online', name: 'Online' }],
  },
  email: 'theo@example.com',
  status: 'approved',
  submittedAt: '2026-03-23T08:00:00.000Z',
  decision: 'changes',
  profile: { bio: 'Twenty years with families.', discipline: 'Psychology' },
  licenseStates: [
    { identifier: california, code: 'CA', name: 'California', review: 'pending', listed: false, licences: [caLicence] },
    { identifier: newYork, code: 'NY', name: 'New York', review: 'approved', listed: true, licences: [nyLicence] },
  ],
  unassignedLicences: [],
  documents: [
    {
      identifier: nyLicence,
      kind: 'license',
      title: 'New York State Board, LMHC-12/34',
      body: 'New York State Board',
      credentialNumber: 'LMHC-12/34',
      stateIdentifier: newYork,
      expiresOn: '2027-06-30',
      review: 'approved',
      files: [file(4, 'licence.pdf')],
    },
    {
      identifier: caLicence,
      kind: 'license',
      title: 'California Board of Psychology, PSY-4711',
      body: 'California Board of Psychology',
      credentialNumber: 'PSY-4711',
      stateIdentifier: california,
      expiresOn: '2028-01-31',
      review: 'pending',
      files: [file(6, 'california.pdf')],
    },
    {
      identifier: uuid(7),
      kind: 'insurance',
      title: 'policy.pdf',
      body: null,
      credentialNumber: null,
      stateIdentifier: null,
      expiresOn: '2027-12-31',
      review: 'approved',
      files: [file(8, 'policy.pdf')],
    },
  ],
  fees: [{ therapy: null, amount: 9000, currencyCode: 'USD', isFree: false }],
  workHistory: [
    {
      companyName: 'City Clinic',
      jobTitle: 'Psychologist',
      startDate: '2019-01',
      endDate: null,
      currentlyWorksHere: true,
      description: null,
    },
  ],
  history: [{ kind: 'approved', note: null, operator: 'Olu Reviewer', at: '2026-03-20T10:00:00.000Z' }],
};

const reviewPath = `/api/v1/operator/verifications/${providerId}`;
const decided = (status: 'approved' | 'rejected' | 'suspended', note: string | null = null) =>
  jsonResponse({
    data: { providerIdentifier: providerId, status, note, decidedAt: '2026-03-23T09:00:00.000Z' },
    message: 'Done',
  });

function renderDesk() {
  return renderWithProviders(<DocumentReviewRoute />, {
    route: `/operator/reviews/${providerId}`,
    path: '/operator/reviews/:providerId',
  });
}

afterEach(() => useAuthStore.setState({ user: null }));

describe('DocumentReviewRoute (the desk)', () => {
  it('shows the practice beside its verification: each state with its licence, the documents, fees, work and history', async () => {
    useAuthStore.getState().setSession('token', operator);
    mockFetch([{ path: reviewPath, respond: () => jsonResponse({ data: changes }) }]);
    renderDesk();

    expect(await screen.findByRole('heading', { level: 2, name: 'Dr Theo Okafor' })).toBeTruthy();
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.getByText('Changes waiting for review')).toBeTruthy();

    const states = screen.getByRole('region', { name: 'Licence states' });
    const ca = within(states).getByRole('heading', { level: 3, name: 'California (CA)' }).closest('li')!;
    expect(within(ca).getAllByText('Waiting for review')).toHaveLength(2); // the state and its licence
    expect(within(ca).getByText('Not listed')).toBeTruthy();
    expect(within(ca).getByText('PSY-4711')).toBeTruthy();
    expect(within(ca).getByText('California Board of Psychology')).toBeTruthy();
    expect(within(ca).getByText('Jan 31, 2028')).toBeTruthy();
    const ny = within(states).getByRole('heading', { level: 3, name: 'New York (NY)' }).closest('li')!;
    expect(within(ny).getByText('Listed')).toBeTruthy();
    const link = within(ny).getByRole('link', { name: /licence\.pdf/ });
    expect(link.getAttribute('href')).toBe('/api/v1/files/signed-4');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(ny).getByRole('button', { name: 'Preview licence.pdf' })).toBeTruthy();

    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(within(documents).getByText('Indemnity insurance: policy.pdf')).toBeTruthy();
    expect(within(documents).getByText('Dec 31, 2027')).toBeTruthy();

    expect(screen.getByText('Psychology')).toBeTruthy();
    expect(screen.getByText('Twenty years with families.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Fees' })).getByText('$90.00')).toBeTruthy();
    expect(screen.getByText('Psychologist, City Clinic')).toBeTruthy();
    const history = screen.getByRole('region', { name: 'History' });
    expect(within(history).getByText('Practice approved')).toBeTruthy();
    expect(within(history).getByText(/^By Olu Reviewer/)).toBeTruthy();

    const decision = screen.getByRole('region', { name: 'Decision' });
    expect(within(decision).getByText('Licence state: California (CA)')).toBeTruthy();
    expect(within(decision).getByText('Licence: California Board of Psychology, PSY-4711')).toBeTruthy();
  });

  it('approving asks first, naming the practice and its changes; Cancel sends nothing, "Yes, approve" sends once', async () => {
    useAuthStore.getState().setSession('token', operator);
    let current = changes;
    let approvals = 0;
    mockFetch([
      { path: reviewPath, respond: () => jsonResponse({ data: current }) },
      {
        method: 'POST',
        path: `${reviewPath}/approve`,
        respond: () => {
          approvals += 1;
          current = {
            ...changes,
            decision: null,
            licenseStates: changes.licenseStates.map((s) => ({ ...s, review: 'approved', listed: true })),
            history: [
              ...changes.history,
              { kind: 'changes_approved', note: null, operator: 'Olu Reviewer', at: '2026-03-23T09:00:00.000Z' },
            ],
          };
          return decided('approved');
        },
      },
    ]);
    const { user } = renderDesk();

    await user.click(await screen.findByRole('button', { name: 'Approve changes' }));
    let dialog = screen.getByRole('dialog', { name: 'Approve the changes to the practice of Dr Theo Okafor?' });
    expect(approvals).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(approvals).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Approve changes' }));
    dialog = screen.getByRole('dialog', { name: 'Approve the changes to the practice of Dr Theo Okafor?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, approve' }));
    expect(await screen.findByText('Changes approved')).toBeTruthy();
    expect(approvals).toBe(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve changes' })).toBeNull();
    expect(screen.getByText('Nothing to decide: the practice is verified and has no pending changes.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Dr Theo Okafor' }));
  });

  it('rejecting needs a note (the schema refuses none, as the server would); the confirmation quotes it before it is sent', async () => {
    useAuthStore.getState().setSession('token', operator);
    let sent: unknown;
    mockFetch([
      {
        path: reviewPath,
        respond: () => jsonResponse({ data: { ...changes, status: 'submitted', decision: 'practice' } }),
      },
      {
        method: 'POST',
        path: `${reviewPath}/reject`,
        respond: (init) => {
          sent = JSON.parse(String(init?.body));
          return decided('rejected', 'Unreadable');
        },
      },
    ]);
    const { user } = renderDesk();
    await user.click(await screen.findByRole('button', { name: 'Reject…' }));
    await user.click(screen.getByRole('button', { name: 'Reject with this note' }));
    expect(await screen.findByText('A note is required to reject')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.type(screen.getByLabelText('Note to the provider'), 'Unreadable');
    await user.click(screen.getByRole('button', { name: 'Reject with this note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the practice of Dr Theo Okafor?' });
    expect(within(dialog).getByText('Unreadable')).toBeTruthy();
    expect(sent).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, reject' }));
    await expect.poll(() => sent).toEqual({ note: 'Unreadable' });
  });

  it('hides the decision when there is nothing to decide, and says why', async () => {
    useAuthStore.getState().setSession('token', operator);
    mockFetch([
      {
        path: reviewPath,
        respond: () =>
          jsonResponse({
            data: {
              ...changes,
              decision: null,
              licenseStates: changes.licenseStates.map((s) => ({ ...s, review: 'approved', listed: true })),
            },
          }),
      },
    ]);
    renderDesk();
    expect(
      await screen.findByText('Nothing to decide: the practice is verified and has no pending changes.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject…' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Suspend listing…' })).toBeTruthy();
  });

  it('suspends a verified listing only with a reason and after a confirmation', async () => {
    useAuthStore.getState().setSession('token', operator);
    let sent: unknown;
    mockFetch([
      { path: reviewPath, respond: () => jsonResponse({ data: { ...changes, decision: null } }) },
      {
        method: 'POST',
        path: `${reviewPath}/suspend`,
        respond: (init) => {
          sent = JSON.parse(String(init?.body));
          return decided('suspended', 'Complaint under investigation.');
        },
      },
    ]);
    const { user } = renderDesk();
    await user.click(await screen.findByRole('button', { name: 'Suspend listing…' }));
    await user.click(screen.getByRole('button', { name: 'Suspend with this reason' }));
    expect(await screen.findByText('A reason is required to suspend a listing')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.type(screen.getByLabelText('Reason for the suspension'), 'Complaint under investigation.');
    await user.click(screen.getByRole('button', { name: 'Suspend with this reason' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend the listing of Dr Theo Okafor?' });
    expect(sent).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, suspend' }));
    await expect.poll(() => sent).toEqual({ note: 'Complaint under investigation.' });
  });

  it('shows a suspended listing with its reason, and reinstates it after a confirmation; a refusal shows in the dialog', async () => {
    useAuthStore.getState().setSession('token', operator);
    let calls = 0;
    mockFetch([
      {
        path: reviewPath,
        respond: () =>
          jsonResponse({
            data: {
              ...changes,
              status: 'suspended',
              decision: null,
              history: [
                ...changes.history,
                {
                  kind: 'suspended',
                  note: 'Complaint under investigation.',
                  operator: 'Olu Reviewer',
                  at: '2026-03-22T10:00:00.000Z',
                },
              ],
            },
          }),
      },
      {
        method: 'POST',
        path: `${reviewPath}/reinstate`,
        respond: () => {
          calls += 1;
          return jsonResponse({ message: 'This listing is not suspended', code: 'CONFLICT', requestId: 'r1' }, 409);
        },
      },
    ]);
    const { user } = renderDesk();
    expect(await screen.findByText('Suspended')).toBeTruthy();
    // The reason is shown with the status, from the latest "suspended" of the history (and in the history itself).
    expect(screen.getAllByText('Listing suspended')).toHaveLength(2);
    expect(screen.getAllByText('Complaint under investigation.')).toHaveLength(2);
    expect(screen.getByText('Nothing to decide: the listing is suspended.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reinstate listing' }));
    const dialog = screen.getByRole('dialog', { name: 'Reinstate the listing of Dr Theo Okafor?' });
    expect(calls).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, reinstate' }));
    expect(await within(dialog).findByText('This listing is not suspended')).toBeTruthy();
    expect(calls).toBe(1);
  });

  it('says so for a provider who never submitted a practice (404)', async () => {
    useAuthStore.getState().setSession('token', operator);
    mockFetch([
      {
        path: reviewPath,
        respond: () => jsonResponse({ message: 'Not found', code: 'NOT_FOUND', requestId: 'req-1' }, 404),
      },
    ]);
    renderDesk();
    expect(await screen.findByText('No practice to review')).toBeTruthy();
  });

  it('a provider gets a refusal and no operator call', () => {
    useAuthStore.getState().setSession('token', { ...operator, userType: 'provider' });
    const fetchMock = mockFetch([]);
    renderDesk();
    expect(screen.getByText('For the review team only')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
