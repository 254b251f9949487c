import type { DataExport } from '@therapy/contracts/data-export';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { DataExportSection } from './data-export-section';

const ID = '0190a6c4-0000-7000-8000-0000000000e1';
const exportOf = (over: Partial<DataExport>): DataExport => ({
  identifier: ID,
  status: 'pending',
  requestedAt: '2026-11-26T10:00:00.000Z',
  readyAt: null,
  expiresAt: null,
  sizeBytes: null,
  ...over,
});
const ready = exportOf({
  status: 'ready',
  readyAt: '2026-11-26T10:01:00.000Z',
  expiresAt: '2026-11-27T10:01:00.000Z',
  sizeBytes: 12_345,
});

function serve(latest: () => Response, request?: () => Response) {
  return mockFetch([
    { method: 'GET', path: '/api/v1/user/export', respond: latest },
    ...(request ? [{ method: 'POST', path: '/api/v1/user/export', respond: request }] : []),
  ]);
}

describe('DataExportSection ("Your data", issue 20)', () => {
  it('never asked: the button asks for an export and then shows it being prepared', async () => {
    let asked = false;
    const fetchMock = serve(
      () => jsonResponse({ data: asked ? exportOf({}) : null }),
      () => {
        asked = true;
        return jsonResponse(
          { data: exportOf({}), message: 'We are preparing your data. We will email you a link when it is ready.' },
          202,
        );
      },
    );
    const { user } = renderWithProviders(<DataExportSection />);
    const button = await screen.findByRole('button', { name: 'Download my data' });
    expect(screen.queryByText('Preparing your data…')).toBeNull();
    await user.click(button);
    expect(await screen.findByText('Preparing your data…')).toBeTruthy();
    expect(screen.getByText('We will email you a link when it is ready. You can leave this page.')).toBeTruthy();
    const busy = screen.getByRole('button', { name: 'Preparing…' });
    expect(busy).toHaveProperty('disabled', true);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('ready: says the link was mailed and until when it works, and offers a new export', async () => {
    serve(() => jsonResponse({ data: ready }));
    renderWithProviders(<DataExportSection />);
    expect(await screen.findByText('Ready: we emailed you the link')).toBeTruthy();
    expect(screen.getByText(/It is valid until .*2026/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Prepare a new download' })).toHaveProperty('disabled', false);
  });

  it('expired and failed: say so, and the button asks again', async () => {
    serve(() =>
      jsonResponse({ data: exportOf({ status: 'expired', readyAt: ready.readyAt, expiresAt: ready.expiresAt }) }),
    );
    const first = renderWithProviders(<DataExportSection />);
    expect(await screen.findByText(/Your last download expired on/)).toBeTruthy();
    first.unmount();
    serve(() => jsonResponse({ data: exportOf({ status: 'failed' }) }));
    renderWithProviders(<DataExportSection />);
    expect(await screen.findByText('Your data could not be prepared. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Prepare a new download' })).toHaveProperty('disabled', false);
  });

  it("a refused request shows the server's message as an alert", async () => {
    serve(
      () => jsonResponse({ data: exportOf({ status: 'failed' }) }),
      () =>
        jsonResponse(
          {
            message: 'Your data is already being prepared. Please wait for the email with your link.',
            code: 'VALIDATION_ERROR',
            errors: ['Your data is already being prepared. Please wait for the email with your link.'],
            requestId: 'r1',
          },
          400,
        ),
    );
    const { user } = renderWithProviders(<DataExportSection />);
    await user.click(await screen.findByRole('button', { name: 'Prepare a new download' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your data is already being prepared. Please wait for the email with your link.',
    );
  });

  it('loading, then a failed load with a retry', async () => {
    let fail = true;
    serve(() =>
      fail
        ? jsonResponse({ message: 'Internal error', code: 'INTERNAL_ERROR', requestId: 'r2' }, 500)
        : jsonResponse({ data: null }),
    );
    const { user } = renderWithProviders(<DataExportSection />);
    expect(screen.getByText('Loading the state of your export')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('The state of your export could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Download my data' })).toBeTruthy();
  });

  it('speaks German', async () => {
    await i18n.changeLanguage('de');
    try {
      serve(() => jsonResponse({ data: ready }));
      renderWithProviders(<DataExportSection />);
      expect(await screen.findByText('Bereit: Wir haben dir den Link geschickt')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Neuen Download vorbereiten' })).toBeTruthy();
      expect(screen.getByText(/Er ist gültig bis .*2026/)).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
