import type { AccessLogEntry } from '@therapy/contracts/access-log';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { AccessLogRoute } from './access-log-route';

const ME = uuid(20);
const ADA = uuid(10);
const FIREFOX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

function anEntry(overrides: Partial<AccessLogEntry> = {}): AccessLogEntry {
  return {
    at: '2026-05-03T09:30:00.000Z',
    action: 'read',
    recordType: 'note',
    recordIdentifier: uuid(500),
    noteTitle: null,
    noteCreatedAt: null,
    clientIdentifier: ADA,
    clientName: 'Ada Client',
    actorIdentifier: ME,
    actorName: 'Theo Provider',
    actorRole: 'you',
    ipAddress: '127.0.0.1',
    userAgent: FIREFOX,
    device: { browser: 'Firefox', os: 'Linux' },
    ...overrides,
  };
}

const entries = [
  anEntry({
    at: '2026-05-04T09:00:00.000Z',
    action: 'answer',
    recordType: 'measure',
    recordIdentifier: uuid(600),
    noteTitle: null,
    noteCreatedAt: null,
    actorIdentifier: ADA,
    actorName: 'Ada Client',
    actorRole: 'client',
    ipAddress: '203.0.113.9',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)',
    device: { browser: 'Safari', os: 'iOS' },
  }),
  anEntry({ at: '2026-05-03T01:30:00.000Z', recordType: 'client', recordIdentifier: ADA }),
  anEntry({
    at: '2026-05-02T15:10:00.000Z',
    action: 'delete',
    recordIdentifier: uuid(501),
    clientIdentifier: null,
    clientName: null,
    ipAddress: null,
    userAgent: 'LegacyTool/0.9',
    device: { browser: null, os: null },
  }),
  // Issue 47: the note read is named by its title and the day written.
  anEntry({ noteTitle: 'Intake notes', noteCreatedAt: '2026-05-01T09:00:00.000Z' }),
];
const logPage = (data: AccessLogEntry[], { page = 1, total = data.length, totalPages = data.length ? 1 : 0 } = {}) =>
  jsonResponse({ data, meta: { page, pageSize: 20, total, totalPages } });
const clientsPage = () =>
  jsonResponse({
    data: [
      {
        identifier: ADA,
        importIdentifier: null,
        firstName: 'Ada',
        lastName: 'Client',
        email: null,
        phoneNumber: null,
        photoUrl: null,
        status: 'active',
        sources: ['booking'],
        since: '2026-03-05T10:00:00.000Z',
      },
    ],
    meta: { page: 1, pageSize: 50, total: 1, totalPages: 1 },
  });

const logCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map((c) => new URL(String(c[0]), 'http://localhost'))
    .filter((u) => u.pathname === '/api/v1/practice/access-log');
const lastLogQuery = (fetchMock: ReturnType<typeof mockFetch>) =>
  Object.fromEntries(logCalls(fetchMock).at(-1)!.searchParams);

const signIn = (userType: 'provider' | 'client') =>
  useAuthStore.setState({
    user: {
      identifier: userType === 'provider' ? ME : ADA,
      email: 'me@example.com',
      userType,
      firstName: 'Theo',
      lastName: 'Provider',
      isSocial: false,
      emailVerified: true,
      accountActive: true,
      countryCode: 'US',
      locale: 'en',
      timezone: 'America/New_York',
      createdAt: '2026-01-01T00:00:00.000Z',
    },
  });

const render = (route = '/practice/access-log') =>
  renderWithProviders(<AccessLogRoute />, { route, path: '/practice/access-log' });

afterEach(() => useAuthStore.setState({ user: null }));

describe('AccessLogRoute (/practice/access-log)', () => {
  it('shows the entries in a table with a caption and column headers, in words: who, what, which record, from where', async () => {
    signIn('provider');
    mockFetch([
      { path: '/api/v1/practice/access-log', respond: () => logPage(entries) },
      { path: '/api/v1/clients', respond: clientsPage },
    ]);
    render();
    const table = await screen.findByRole('table', { name: 'Access log, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Who', 'What', 'Record', 'From where']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    const cells = (row: HTMLElement) =>
      [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')].map((c) => c.textContent);

    // The client's own action, told apart from the provider's; times in the provider's zone (New York).
    expect(cells(rows[0]!)).toEqual([
      'May 4, 2026, 5:00:00 AM',
      'Ada Client (your client)',
      'Answered a questionnaire',
      'Questionnaireabout Ada Client',
      'Safari on iOS203.0.113.9',
    ]);
    expect(cells(rows[1]!)).toEqual([
      'May 2, 2026, 9:30:00 PM',
      'You',
      "Opened the client's page",
      'Client pageabout Ada Client',
      'Firefox on Linux127.0.0.1',
    ]);
    // A deleted note: its client is no longer known; an agent that names no browser is shown itself; no address.
    expect(cells(rows[2]!)).toEqual([
      'May 2, 2026, 11:10:00 AM',
      'You',
      'Deleted a note',
      'Noteclient not known (the note was deleted)',
      'LegacyTool/0.9Address not recorded',
    ]);
    expect(cells(rows[3]!)).toEqual([
      'May 3, 2026, 5:30:00 AM',
      'You',
      'Read a note',
      'Note“Intake notes”, written May 1, 2026about Ada Client',
      'Firefox on Linux127.0.0.1',
    ]);
    expect(within(rows[3]!).getByRole('link', { name: 'about Ada Client' }).getAttribute('href')).toBe(
      `/clients/${ADA}`,
    );
    expect(within(rows[0]!).getByRole('rowheader').querySelector('time')?.getAttribute('datetime')).toBe(
      '2026-05-04T09:00:00.000Z',
    );

    // The same entries as cards for small screens, labelled like the columns.
    const cards = within(screen.getByRole('list', { name: 'Access log, newest first' })).getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    expect(within(cards[0]!).getByText('Answered a questionnaire')).toBeTruthy();
    expect(within(cards[0]!).getByText('Who').nextElementSibling?.textContent).toBe('Ada Client (your client)');
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('4 entries');
    expect(screen.getByText('Days in your time zone (America/New_York).')).toBeTruthy();
  });

  it('reads its filters from the address, fills the form with them and asks the API with them', async () => {
    signIn('provider');
    const fetchMock = mockFetch([
      { path: '/api/v1/practice/access-log', respond: () => logPage([entries[1]!]) },
      { path: '/api/v1/clients', respond: clientsPage },
    ]);
    render(`/practice/access-log?kind=client&client=${ADA}&from=2026-05-01&to=2026-05-03&page=1`);
    await screen.findByRole('table');
    expect(lastLogQuery(fetchMock)).toEqual({
      recordType: 'client',
      clientIdentifier: ADA,
      fromDate: '2026-05-01',
      toDate: '2026-05-03',
      page: '1',
      pageSize: '20',
    });
    expect((screen.getByLabelText('Kind of record') as HTMLSelectElement).value).toBe('client');
    await waitFor(() =>
      expect((screen.getByLabelText('Client') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Ada Client'),
    );
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-05-01');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-05-03');
  });

  it('applies the chosen filters to the address and the request, from page 1; refuses a reversed range with its message', async () => {
    signIn('provider');
    const fetchMock = mockFetch([
      { path: '/api/v1/practice/access-log', respond: () => logPage(entries, { total: 30, totalPages: 2 }) },
      { path: '/api/v1/clients', respond: clientsPage },
    ]);
    const { user, router } = render('/practice/access-log?page=2');
    await screen.findByRole('table');
    expect(lastLogQuery(fetchMock).page).toBe('2');

    await user.selectOptions(screen.getByLabelText('Kind of record'), 'Notes you wrote');
    await user.selectOptions(screen.getByLabelText('Client'), 'Ada Client');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-05-04' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-05-01' } });
    const before = logCalls(fetchMock).length;
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The start date must not be after the end date');
    expect(logCalls(fetchMock)).toHaveLength(before);

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-05-05' } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(lastLogQuery(fetchMock)).toEqual({
        recordType: 'note',
        clientIdentifier: ADA,
        fromDate: '2026-05-04',
        toDate: '2026-05-05',
        page: '1',
        pageSize: '20',
      }),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      kind: 'note',
      client: ADA,
      from: '2026-05-04',
      to: '2026-05-05',
    });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('pages with Previous and Next, keeping the page in the address', async () => {
    signIn('provider');
    const fetchMock = mockFetch([
      { path: '/api/v1/practice/access-log', respond: () => logPage(entries, { total: 24, totalPages: 2 }) },
      { path: '/api/v1/clients', respond: clientsPage },
    ]);
    const { user, router } = render();
    const pager = await screen.findByRole('navigation', { name: 'Pages of the access log' });
    expect(within(pager).getByText('Page 1 of 2')).toBeTruthy();
    expect((within(pager).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastLogQuery(fetchMock).page).toBe('2'));
    expect(router.state.location.search).toBe('?page=2');
  });

  it('says so while loading, when the log is empty, and when nothing matches the filters', async () => {
    signIn('provider');
    let release: (() => void) | undefined;
    mockFetch([
      {
        path: '/api/v1/practice/access-log',
        respond: () => new Promise<Response>((resolve) => (release = () => resolve(logPage([])))),
      },
      { path: '/api/v1/clients', respond: clientsPage },
    ]);
    render();
    expect(await screen.findByText('Loading the access log…')).toBeTruthy();
    await waitFor(() => expect(release).toBeDefined());
    release!();
    expect(await screen.findByRole('heading', { name: 'Nothing in the log yet' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers to clear filters that match nothing', async () => {
    signIn('provider');
    mockFetch([
      { path: '/api/v1/practice/access-log', respond: () => logPage([]) },
      { path: '/api/v1/clients', respond: clientsPage },
    ]);
    const { user, router } = render('/practice/access-log?kind=measure');
    expect(await screen.findByRole('heading', { name: 'Nothing matches these filters' })).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows a failure with a retry that loads the log again', async () => {
    signIn('provider');
    let fail = true;
    mockFetch([
      {
        path: '/api/v1/practice/access-log',
        respond: () =>
          fail
            ? jsonResponse({ message: 'Something went wrong', code: 'INTERNAL_ERROR', requestId: 'req-1' }, 500)
            : logPage(entries),
      },
      { path: '/api/v1/clients', respond: clientsPage },
    ]);
    const { user } = render();
    expect((await screen.findByRole('alert', {}, { timeout: 3000 })).textContent).toContain(
      'The access log could not be loaded.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it('does not ask the API with filters it would refuse, and says what is wrong', async () => {
    signIn('provider');
    const fetchMock = mockFetch([
      { path: '/api/v1/practice/access-log', respond: () => logPage(entries) },
      { path: '/api/v1/clients', respond: clientsPage },
    ]);
    const { user, router } = render('/practice/access-log?from=yesterday');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'These filters cannot be used: Enter a valid date',
    );
    expect(logCalls(fetchMock)).toHaveLength(0);
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it('is for providers: a client is told so and nothing is asked', async () => {
    signIn('client');
    const fetchMock = mockFetch([]);
    render();
    expect(screen.getByRole('heading', { name: 'The access log is for therapists' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
