import { expect, test, type Page } from '../support/fixtures.ts';
import { chooseLanguage, expectNoHorizontalScroll, signIn } from '../support/app.ts';
import { expectNoA11yViolations } from '../support/a11y.ts';
import { providerWithBooking } from '../support/bookings.ts';
import { sessionStartsSoon } from '../support/practice-desk.ts';
import { secondBrowser } from '../support/second-browser.ts';

/**
 * Issue 19, the video room: a client joins from the booking page and the provider from theirs, each in a browser of
 * their own with Chromium's fake camera and microphone; they reach a connected peer connection with the other's video
 * playing. A third user is refused. In German on a phone, a browser that refuses the camera is told how to allow it.
 */
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});

/** The other person's video is playing: frames with a size, and time moving on. */
async function expectRemoteVideo(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const video = document.querySelector<HTMLVideoElement>('video[data-remote]');
      return !!video && video.videoWidth > 0 && !video.paused && video.currentTime > 0.5;
    },
    undefined,
    { timeout: 20_000 },
  );
}

test('a client and a provider meet in the video room: preview, join, connected with video both ways, leave; a stranger is refused', async ({
  page,
  a11y,
  browser,
  createUser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const request = await playwright.request.newContext({ baseURL });
  const provider = await createUser('provider', { verified: true });
  const { bookingId, client } = await providerWithBooking(request, provider, 'Ada');
  await request.dispose();
  await sessionStartsSoon(bookingId);

  // The client: from the booking page to the room's preview.
  await signIn(page, client.email, client.password, `/appointments/${bookingId}`);
  await page.getByRole('link', { name: 'Join video session' }).click();
  await expect(page).toHaveURL(new RegExp(`/session/${bookingId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Session with Robin Provider' })).toBeVisible();
  await expect(page.getByLabel('Camera', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Microphone', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Mute microphone' }).click();
  await expect(page.getByRole('button', { name: 'Mute microphone' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Mute microphone' }).click();
  await a11y('video room: preview');
  await page.getByRole('button', { name: 'Join now' }).click();
  await expect(page.getByText('Waiting for Robin Provider to join…')).toBeVisible();

  // The provider joins from their own browser.
  const other = await secondBrowser(browser, baseURL!, { width: 1280, height: 800 });
  await signIn(other, provider.email, provider.password, `/appointments/${bookingId}`);
  await other.getByRole('link', { name: 'Join video session' }).click();
  await expect(other.getByRole('heading', { level: 1, name: 'Session with Ada Client' })).toBeVisible();
  await other.getByRole('button', { name: 'Join now' }).click();

  await expect(page.locator('[data-call-state="connected"]')).toBeVisible({ timeout: 20_000 });
  await expect(other.locator('[data-call-state="connected"]')).toBeVisible({ timeout: 20_000 });
  await expectRemoteVideo(page);
  await expectRemoteVideo(other);
  await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible();
  await a11y('video room: in the call');

  // The client leaves: back on the booking page; the provider waits again.
  await page.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(new RegExp(`/appointments/${bookingId}$`));
  await expect(other.getByText('Waiting for Ada Client to join…')).toBeVisible();
  await other.context().close();

  // Someone else: the room is not theirs.
  const stranger = await createUser('client');
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, stranger.email, stranger.password, `/session/${bookingId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Session not found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Join now' })).toHaveCount(0);
});

test.describe('on a phone, in German', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a browser that refuses the camera is told how to allow it, and may join without it', async ({
    page,
    createUser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const request = await playwright.request.newContext({ baseURL });
    const provider = await createUser('provider', { verified: true });
    const { bookingId } = await providerWithBooking(request, provider, 'Greta');
    await request.dispose();
    await sessionStartsSoon(bookingId);
    // The browser says no, as it does when the person blocked the camera for this site.
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });

    await signIn(page, provider.email, provider.password, `/session/${bookingId}`);
    await chooseLanguage(page, 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Sitzung mit Greta Client' })).toBeVisible();
    await expect(page.getByText('Kamera und Mikrofon sind gesperrt')).toBeVisible();
    await expect(page.getByText(/Erlaube Kamera und Mikrofon für diese Website/)).toBeVisible();
    await expectNoHorizontalScroll(page, 375);
    await expectNoA11yViolations(page, 'video room: camera refused (de, 375)');
    await page.getByRole('button', { name: 'Ohne Kamera und Mikrofon beitreten' }).click();
    await expect(page.getByText('Warten auf Greta Client …')).toBeVisible();
    await expectNoHorizontalScroll(page, 375);
    await expectNoA11yViolations(page, 'video room: waiting (de, 375)');
    await page.getByRole('button', { name: 'Verlassen' }).click();
    await expect(page).toHaveURL(new RegExp(`/appointments/${bookingId}$`));
  });
});
