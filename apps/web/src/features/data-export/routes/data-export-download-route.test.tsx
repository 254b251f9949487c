import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { DataExportDownloadRoute } from './data-export-download-route';

const ID = '0190a6c4-0000-7000-8000-0000000000e1';
const PATH = `/api/v1/user/export/${ID}/download`;
const route = `/account/export/${ID}?expires=1795000000&signature=abc_DEF-123`;
const error = (status: number, code: string, message: string) =>
  jsonResponse({ message, code, requestId: 'r1' }, status);

function renderPage(respond: () => Response) {
  useAuthStore.setState({ accessToken: 'token-1' });
  const fetchMock = mockFetch([{ method: 'GET', path: PATH, respond }]);
  const view = renderWithProviders(<DataExportDownloadRoute />, { route, path: '/account/export/:id' });
  return { ...view, fetchMock };
}

describe('DataExportDownloadRoute (the mailed link, issue 20)', () => {
  it('downloads the ZIP with the bearer header and the link, then says it started', async () => {
    const created = vi.fn(() => 'blob:zip');
    // jsdom has no object URLs; the page hands the blob to one.
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const { user, fetchMock } = renderPage(
      () => new Response(new Blob(['PK']), { status: 200, headers: { 'content-type': 'application/zip' } }),
    );
    await user.click(screen.getByRole('button', { name: 'Download ZIP file' }));
    expect(await screen.findByText('Your download has started. Look for the ZIP file in your downloads.')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain(`${PATH}?expires=1795000000&signature=abc_DEF-123`);
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');
    expect(created).toHaveBeenCalledTimes(1);
  });

  it.each([
    [410, 'LINK_EXPIRED', 'This download link has expired', false],
    [400, 'BAD_REQUEST', 'This download link is not valid', true],
    [404, 'NOT_FOUND', 'This download is not available in your account', false],
  ])('answers %i in words (%s)', async (status, code, title, canRetry) => {
    const { user } = renderPage(() => error(status, code, 'server text'));
    await user.click(screen.getByRole('button', { name: 'Download ZIP file' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(title);
    expect(screen.queryByRole('button', { name: 'Download ZIP file' }) !== null).toBe(canRetry);
    expect(screen.getByRole('link', { name: 'Back to your data' }).getAttribute('href')).toBe('/account?section=data');
  });
});
