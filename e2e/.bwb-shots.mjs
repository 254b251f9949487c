// Throwaway screenshot script (not committed): mocks the API and shoots the booking screens.
import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:5291';
const id = '00000000-0000-4000-8000-000000000500';
const prov = '00000000-0000-4000-8000-000000000501';
const user = (userType, locale) => ({ identifier: userType === 'client' ? '00000000-0000-4000-8000-000000000502' : prov, email: 'a@b.c', userType, firstName: 'Sam', lastName: 'Lee', isSocial: false, emailVerified: true, accountActive: true, countryCode: 'DE', locale, timezone: 'America/New_York', createdAt: '2030-01-01T00:00:00.000Z' });
const inMin = (m) => new Date(Date.now() + m * 60000).toISOString();
const b = (o = {}) => ({ identifier: id, status: 'confirmed', previousStatus: 'pending',
  provider: { identifier: prov, firstName: 'Dana', lastName: 'Fischer', username: 'dana', picture: null, timezone: 'Europe/Berlin' },
  client: { identifier: '00000000-0000-4000-8000-000000000502', firstName: 'Sam', lastName: 'Lee', username: 'sam', picture: null, timezone: 'America/New_York' },
  therapyCategory: { identifier: '00000000-0000-4000-8000-000000000510', code: 'anxiety', name: 'Anxiety' },
  modality: { identifier: '00000000-0000-4000-8000-000000000511', code: 'online', name: 'Online' },
  startTime: '2030-06-10T09:00:00.000Z', endTime: '2030-06-10T09:50:00.000Z', note: 'I would like to talk about sleep and how the evenings go. '.repeat(3),
  meetingLink: 'https://meet.example.com/abc-defg-hij', address: null, price: { amount: 9000, currencyCode: 'EUR' }, holdExpiresAt: null, seriesIdentifier: null, createdBy: 'client',
  rescheduleInfo: { status: 'applied', remainingClientReschedule: 0, remainingProviderReschedule: 3 },
  reschedules: [{ identifier: '00000000-0000-4000-8000-000000000700', status: 'pending', requestedBy: 'provider', fromStartTime: '2030-06-10T09:00:00.000Z', fromEndTime: '2030-06-10T09:50:00.000Z', toStartTime: '2030-06-11T10:00:00.000Z', toEndTime: '2030-06-11T10:50:00.000Z', note: 'I am travelling that day', createdAt: '2030-06-09T09:00:00.000Z', decidedAt: null }],
  allowRescheduleCompletedBooking: false, feedbackProvided: false, createdAt: '2030-06-01T08:00:00.000Z',
  statusHistory: [{ status: 'pending', previousStatus: null, actor: 'client', note: null, at: '2030-06-01T08:00:00.000Z' }, { status: 'confirmed', previousStatus: 'pending', actor: 'client', note: null, at: '2030-06-01T08:05:00.000Z' }],
  cancellation: null, ...o });
const browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium' });
for (const locale of ['en', 'de']) for (const width of [375, 1280]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 }, locale, timezoneId: 'America/New_York' });
  await ctx.addCookies([{ name: 'X-Locale', value: locale, url: base }, { name: 'X-Language', value: locale, url: base }, { name: 'userType', value: 'client', url: base }, { name: 'cookie-consent', value: 'true', url: base }]);
  const page = await ctx.newPage();
  await page.route((u) => u.pathname.startsWith('/api/v1/'), async (route) => {
    const url = new URL(route.request().url());
    const p = url.pathname.replace('/api/v1', '');
    const j = (data, status = 200) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(data) });
    if (p === '/user/token/refresh') return j({ data: { accessToken: 't', expiresIn: 900, user: user('client', locale) } });
    if (p === '/app-config') return j({ data: { operatingCountries: ['DE', 'US'], oidc: { google: false }, flags: {}, errorReportingDsn: null } });
    if (p === '/booking') return j({ data: [b(), b({ identifier: '00000000-0000-4000-8000-000000000501', status: 'pending', reschedules: [] }), b({ identifier: '00000000-0000-4000-8000-000000000503', status: 'requested', startTime: '2030-06-17T14:00:00.000Z', endTime: '2030-06-17T14:50:00.000Z' })], meta: { page: 1, pageSize: 10, total: 13, totalPages: 2 } });
    if (p === `/booking/${id}/details`) return j({ data: url.searchParams.get('x') ? b() : (globalThis.paymentMode ? b({ status: 'pending', holdExpiresAt: inMin(24), reschedules: [] }) : b()) });
    if (p === '/wallet/balance') return j({ data: { balance: 2500, currency: 'EUR' } });
    return j({ data: null });
  });
  const tag = `${locale}-${width}`;
  globalThis.paymentMode = false;
  page.on('pageerror', (e) => console.log('pageerror', e.message)); await page.goto(`${base}/appointments`); await page.getByRole('link', { name: /Dana Fischer/ }).first().waitFor(); await page.screenshot({ path: `/tmp/bwb-shots/list-${tag}.png`, fullPage: true });
  await page.goto(`${base}/appointments/${id}`); await page.getByRole('heading', { level: 1 }).first().waitFor(); await page.waitForTimeout(300); await page.screenshot({ path: `/tmp/bwb-shots/detail-${tag}.png`, fullPage: true });
  globalThis.paymentMode = true;
  await page.goto(`${base}/payment/${id}`); await page.getByTestId('payment-balance').waitFor(); await page.screenshot({ path: `/tmp/bwb-shots/payment-${tag}.png`, fullPage: true });
  await ctx.close();
}
await browser.close();
