import { expect, test } from '../support/fixtures.ts';
import { signIn } from '../support/app.ts';
import { providerWithRequest } from '../support/bookings.ts';
import { mailbox, type ReceivedMail } from '../support/mailbox.ts';

/**
 * Issue 49, decision 0064: a notification mail carries RFC 8058's one-click unsubscribe. A booking request mails the
 * provider (kind `bookingUpdates`); the mail's List-Unsubscribe address, POSTed with `List-Unsubscribe=One-Click`
 * and no session, as a mail client does, switches that kind off, which the provider's mail settings then show; a GET
 * of the same address changes nothing and opens the page that says what the link stops and confirms it.
 */

/** A header of the mail as received (folded lines unfolded), read from the raw message the SMTP sink kept. */
function headerOf(mail: ReceivedMail, name: string): string | undefined {
  // The sink's endpoint sends the raw Buffer as JSON ({ type: 'Buffer', data: [...] }).
  const raw = mail.raw as unknown as { data: number[] };
  const text = Buffer.from(raw.data).toString('utf8');
  const head = text.slice(0, text.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

test('one-click unsubscribe from a booking-request mail switches booking updates off; the link opens the page that confirms it', async ({
  page,
  baseURL,
  createUser,
  playwright,
  a11y,
}) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext({ baseURL });
  const provider = await createUser('provider', { verified: true });
  const { providerApi } = await providerWithRequest(request, provider, 'Nia');

  // The provider's notification mail and its one-click headers.
  const mail = await mailbox.waitFor(provider.email, /New booking request/);
  expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  const listUnsubscribe = headerOf(mail, 'List-Unsubscribe');
  expect(listUnsubscribe).toMatch(/^<https?:\/\/[^>]+\/api\/v1\/mail\/unsubscribe\/bookingUpdates\.[^>]+>, <mailto:/);
  const https = /^<([^>]+)>/.exec(listUnsubscribe!)![1]!;
  const url = new URL(https);
  expect(url.origin).toBe(new URL(baseURL!).origin);
  const token = decodeURIComponent(url.pathname.split('/').pop()!);
  // The text part says why it came and where to stop it, with the same token.
  expect(mail.text).toContain('because mails about booking updates are on in your mail settings');
  expect(mail.text).toContain(`/mail-preferences?token=${token}`);

  const preferences = async () =>
    (
      (await (await request.get('/api/v1/user/mail-preferences', { headers: providerApi.headers })).json()) as {
        data: Record<string, boolean>;
      }
    ).data;

  // A GET (a link checker, a preview) changes nothing: it sends the reader to the page.
  const looked = await request.get(url.pathname, { maxRedirects: 0 });
  expect(looked.status()).toBe(303);
  expect(looked.headers().location).toMatch(new RegExp(`/mail-preferences\\?token=${token.replace(/\./g, '\\.')}$`));
  expect((await preferences()).bookingUpdates).toBe(true);

  // The mail client's one-click POST: no session, the RFC 8058 form body.
  const anonymous = await playwright.request.newContext({ baseURL });
  const clicked = await anonymous.post(url.pathname, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(clicked.status(), await clicked.text()).toBe(200);
  expect(((await clicked.json()) as { message: string }).message).toBe(
    'You will no longer get mails about booking updates',
  );
  await anonymous.dispose();
  expect(await preferences()).toEqual({ reminders: true, messages: true, bookingUpdates: false, marketing: false });

  // The provider's mail settings page shows booking updates off, the other kinds as they were.
  await signIn(page, provider.email, provider.password, '/mail-preferences');
  await expect(page.getByRole('heading', { level: 1, name: 'Mail settings' })).toBeVisible();
  const bookingUpdates = page.getByRole('checkbox', {
    name: 'Booking updates (requests, proposed times, payment reminders)',
  });
  await expect(bookingUpdates).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Reminders before a session' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'New messages' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'News and offers' })).not.toBeChecked();

  // The same link opened in the browser (a GET): the page says what it stops and confirms it with one button.
  await page.goto(https);
  await expect(page).toHaveURL(/\/mail-preferences\?token=bookingUpdates\./);
  await expect(page.getByRole('heading', { name: 'Stop these mails?' })).toBeVisible();
  await expect(page.getByText('This link stops mails about booking updates.')).toBeVisible();
  await a11y('unsubscribe link page');
  await page.getByRole('button', { name: 'Stop these mails' }).click();
  await expect(page.getByText('You will no longer get mails about booking updates')).toBeVisible();
  expect((await preferences()).bookingUpdates).toBe(false);
  await request.dispose();
});
