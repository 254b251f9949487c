import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { csvResult, failure } from '../test/clients-fixture';
import { CsvImportRoute } from './csv-import-route';

const csv = (name = 'clients.csv', text = 'firstName,lastName,email\nLena,Berg,lena@example.com\n') =>
  new File([text], name, { type: 'text/csv' });

function render() {
  const view = renderWithProviders(<CsvImportRoute />, {
    route: '/clients/imported/csv',
    path: '/clients/imported/csv',
  });
  return { ...view, user: userEvent.setup({ applyAccept: false }) };
}

describe('CsvImportRoute', () => {
  it('says what the file needs: the columns and the 1,000-row limit', () => {
    mockFetch([]);
    render();
    expect(screen.getByText(/firstName, lastName, email and, optionally, phoneNumber/)).toBeTruthy();
    expect(screen.getByText(/at most 1,000 clients and 1 MB/)).toBeTruthy();
    const input = screen.getByLabelText('Choose CSV file');
    expect(input.getAttribute('accept')).toBe('.csv,text/csv');
  });

  it('previews a file with errors: counts, each row with its errors marked, and the valid rows may be imported', async () => {
    const sent: FormData[] = [];
    mockFetch([
      {
        method: 'POST',
        path: '/api/v1/clients/import/csv',
        respond: (init) => {
          sent.push(init?.body as FormData);
          return jsonResponse({
            data: csvResult([
              {},
              { email: 'not-an-email', errors: ['Please enter a valid email address'] },
              { firstName: '', errors: ['Name is required', 'This email is already in the file (row 2)'] },
            ]),
          });
        },
      },
    ]);
    const { user } = render();
    await user.upload(screen.getByLabelText('Choose CSV file'), csv());
    const heading = await screen.findByRole('heading', { name: 'Preview of clients.csv' });
    expect(document.activeElement).toBe(heading);
    expect(sent[0]?.get('commit')).toBe('false');
    expect((sent[0]?.get('file') as File).name).toBe('clients.csv');
    expect(screen.getByText('3 rows')).toBeTruthy();
    expect(screen.getByText('1 ready')).toBeTruthy();
    expect(screen.getByText('2 with errors')).toBeTruthy();
    expect(screen.getByText(/Import the valid rows now and leave the others out, or fix the marked rows/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import the 1 valid row' })).toBeTruthy();

    const table = screen.getByRole('table', { name: 'Rows of the file' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.hasAttribute('data-invalid')).toBe(false);
    expect(within(rows[0]!).getByText('OK')).toBeTruthy();
    expect(rows[1]!.hasAttribute('data-invalid')).toBe(true);
    expect(within(rows[1]!).getByText('Please enter a valid email address')).toBeTruthy();
    expect(within(rows[1]!).getByText('Row 3 has errors')).toBeTruthy();
    expect(within(rows[2]!).getByText('This email is already in the file (row 2)')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Show only rows with errors' }));
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(2);
  });

  it('imports a clean file (commit=true) and says how many were imported', async () => {
    const commits: string[] = [];
    mockFetch([
      {
        method: 'POST',
        path: '/api/v1/clients/import/csv',
        respond: (init) => {
          const commit = String((init?.body as FormData).get('commit'));
          commits.push(commit);
          return commit === 'true'
            ? jsonResponse({ data: csvResult([{}, {}], true), message: '2 clients imported' }, 201)
            : jsonResponse({ data: csvResult([{}, {}]) });
        },
      },
    ]);
    const { user } = render();
    await user.upload(screen.getByLabelText('Choose CSV file'), csv());
    expect(await screen.findByText(/Every row is fine/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Import 2 clients' }));
    expect(await screen.findByRole('heading', { name: 'Clients imported' })).toBeTruthy();
    expect(screen.getByText('2 clients imported')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your clients' }).getAttribute('href')).toBe('/clients/imported/');
    expect(commits).toEqual(['false', 'true']);
  });

  it('imports the 5 valid rows of a file with 2 bad rows and shows the one already in the list as such', async () => {
    const sent: FormData[] = [];
    mockFetch([
      {
        method: 'POST',
        path: '/api/v1/clients/import/csv',
        respond: (init) => {
          const body = init?.body as FormData;
          sent.push(body);
          const rows = [
            {},
            {},
            { email: 'x', errors: ['Please enter a valid email address'] },
            { alreadyInList: true },
            {},
            {},
            { firstName: '', errors: ['Name is required'] },
            {},
          ];
          return body.get('commit') === 'true'
            ? jsonResponse({ data: csvResult(rows, true), message: '5 clients imported' }, 201)
            : jsonResponse({ data: csvResult(rows) });
        },
      },
    ]);
    const { user } = render();
    await user.upload(screen.getByLabelText('Choose CSV file'), csv());
    await screen.findByRole('heading', { name: 'Preview of clients.csv' });
    expect(screen.getByText('1 already in your list')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Rows of the file' }))
      .getAllByRole('row')
      .slice(1);
    expect(within(rows[3]!).getByText('Already in your list')).toBeTruthy();
    expect(within(rows[3]!).queryByText('OK')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Import the 5 valid rows' }));
    expect(await screen.findByText('5 clients imported')).toBeTruthy();
    expect(sent[1]?.get('commit')).toBe('true');
    expect(sent[1]?.get('validOnly')).toBe('true');
  });

  it("shows a file-level error (a wrong header) with the server's message", async () => {
    const header = 'The first row must name the columns: firstName, lastName, email (phoneNumber optional)';
    mockFetch([{ method: 'POST', path: '/api/v1/clients/import/csv', respond: () => failure(400, header) }]);
    const { user } = render();
    await user.upload(screen.getByLabelText('Choose CSV file'), csv('people.csv', 'name;mail\n'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('people.csv cannot be imported');
    expect(alert.textContent).toContain(header);
    expect(screen.getByLabelText('Choose another file')).toBeTruthy();
  });

  it('refuses a file over 1 MB before sending it', async () => {
    const fetchMock = mockFetch([]);
    const { user } = render();
    const big = csv('big.csv');
    Object.defineProperty(big, 'size', { value: 1024 * 1024 + 1 });
    await user.upload(screen.getByLabelText('Choose CSV file'), big);
    expect((await screen.findByRole('alert')).textContent).toContain('File too large');
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled());
  });
});
